// The permission class of each API view that no resource definition answers, for OPTIONS: DRF runs a view's
// permission check before any method (OPTIONS included), so 2.3 answers OPTIONS with 401/403 to callers the
// view refuses and with the metadata to anonymous callers of a public view. The handlers check the same
// classes on their methods; views left out take any signed-in caller (2.3's IsValidUser / IsAuthenticated, or
// an object-level rule their handler applies: ticket comments, one's own sessions, connection tokens).
// Where this server deviates from 2.3 on purpose (README, "With your JumpServer 2.3") the class is ours.
import type { FastifyInstance } from 'fastify';
import {
  AllowAny,
  anyOf,
  IsOrgAdmin,
  IsOrgAuditor,
  IsSuperUser,
  type PermissionCheck,
  IsAppUser,
  IsOrgAdminOrAppUser,
  IsSessionReader,
} from '../core/permissions.ts';
import { describeRoute } from '../engine/route-options.ts';

const V1 = '/api/v1';

const VIEWS: [PermissionCheck, string[]][] = [
  [
    AllowAny,
    [
      '/api/health/',
      `${V1}/authentication/auth/`,
      `${V1}/authentication/tokens/`,
      `${V1}/authentication/mfa/challenge/`,
      `${V1}/authentication/login-confirm-ticket/status/`,
      `${V1}/authentication/sso/login/`,
      `${V1}/settings/public/`,
      `${V1}/terminal/terminals/:terminal/access-key/`,
    ],
  ],
  [IsAppUser, [`${V1}/applications/remote-apps/:pk/connection-info/`, `${V1}/terminal/sessions/join/validate/`]],
  [anyOf(IsOrgAdmin, IsOrgAuditor), [`${V1}/index/`]],
  [IsSessionReader, [`${V1}/terminal/commands/export/`]],
  [
    IsOrgAdmin,
    [
      `${V1}/users/otp/reset/`,
      `${V1}/users/users/:pk/otp/reset/`,
      `${V1}/users/users/:pk/password/`,
      `${V1}/users/users/:pk/unblock/`,
      `${V1}/authentication/login-confirm-settings/:user_id/`,
      `${V1}/assets/admin-users/:pk/assets/`,
      `${V1}/assets/admin-users/:pk/auth/`,
      `${V1}/assets/admin-users/:pk/connective/`,
      `${V1}/assets/admin-users/:pk/nodes/`,
      `${V1}/assets/assets/:pk/tasks/`,
      `${V1}/assets/gateways/:pk/test-connective/`,
      `${V1}/assets/nodes/children/tree/`,
      `${V1}/assets/nodes/:pk/children/`,
      `${V1}/assets/nodes/:pk/children/add/`,
      `${V1}/assets/nodes/:pk/assets/`,
      `${V1}/assets/nodes/:pk/assets/add/`,
      `${V1}/assets/nodes/:pk/assets/remove/`,
      `${V1}/assets/nodes/:pk/assets/replace/`,
      `${V1}/assets/nodes/:pk/tasks/`,
      `${V1}/assets/system-users/:pk/tasks/`,
      `${V1}/ops/tasks/:pk/run/`,
      `${V1}/perms/asset-permissions/:pk/assets/all/`,
      `${V1}/perms/asset-permissions/:pk/users/all/`,
      `${V1}/perms/asset-permissions/cache/refresh/`,
      `${V1}/perms/users/:pk/asset-permissions/cache/`,
      `${V1}/perms/remote-app-permissions/:pk/users/add/`,
      `${V1}/perms/remote-app-permissions/:pk/users/remove/`,
      `${V1}/perms/remote-app-permissions/:pk/remote-apps/add/`,
      `${V1}/perms/remote-app-permissions/:pk/remote-apps/remove/`,
      `${V1}/perms/remote-app-permissions/:pk/remote-apps/all/`,
      `${V1}/perms/remote-app-permissions/:pk/users/all/`,
      `${V1}/perms/database-app-permissions/:pk/database-apps/all/`,
      `${V1}/perms/database-app-permissions/:pk/users/all/`,
      `${V1}/perms/k8s-app-permissions/:pk/k8s-apps/all/`,
      `${V1}/perms/k8s-app-permissions/:pk/users/all/`,
    ],
  ],
  [
    IsOrgAdminOrAppUser,
    [
      `${V1}/assets/assets/:pk/gateways/`,
      `${V1}/assets/assets/:pk/platform/`,
      `${V1}/assets/system-users/:pk/auth-info/`,
      `${V1}/assets/system-users/:pk/assets/:aid/auth-info/`,
      `${V1}/assets/system-users/:pk/cmd-filter-rules/`,
      // One user's or group's grants (perms/grant-scope.ts); "my" grants are any valid user's.
      `${V1}/perms/users/:pk/assets/tree/`,
      `${V1}/perms/users/:pk/assets/:asset_id/system-users/`,
      `${V1}/perms/users/:pk/nodes/`,
      `${V1}/perms/users/:pk/nodes/children/`,
      `${V1}/perms/users/:pk/nodes/tree/`,
      `${V1}/perms/users/:pk/nodes/children/tree/`,
      `${V1}/perms/users/:pk/nodes-with-assets/tree/`,
      `${V1}/perms/users/:pk/nodes/children-with-assets/tree/`,
      `${V1}/perms/users/:pk/remote-apps/tree/`,
      `${V1}/perms/users/:pk/remote-apps/:remote_app_id/system-users/`,
      `${V1}/perms/users/:pk/database-apps/tree/`,
      `${V1}/perms/users/:pk/database-apps/:database_app_id/system-users/`,
      `${V1}/perms/users/:pk/k8s-apps/tree/`,
      `${V1}/perms/users/:pk/k8s-apps/:k8s_app_id/system-users/`,
      `${V1}/perms/user-groups/:pk/nodes/`,
      `${V1}/perms/user-groups/:pk/nodes/children/`,
      `${V1}/perms/user-groups/:pk/nodes/children/tree/`,
      `${V1}/perms/user-groups/:pk/assets/:asset_id/system-users/`,
      `${V1}/terminal/status/`,
      `${V1}/terminal/status/:pk/`,
      `${V1}/terminal/terminals/:terminal/status/`,
      `${V1}/terminal/terminals/:terminal/status/:pk/`,
      `${V1}/terminal/terminals/:terminal/sessions/`,
      `${V1}/terminal/terminals/:terminal/sessions/:pk/`,
    ],
  ],
  [
    IsSuperUser,
    [
      `${V1}/authentication/sso/login-url/`,
      `${V1}/ops/celery/period-tasks/`,
      `${V1}/ops/celery/period-tasks/:pk/`,
      `${V1}/settings/mail/testing/`,
      `${V1}/settings/ldap/testing/config/`,
      `${V1}/settings/ldap/testing/login/`,
      `${V1}/settings/ldap/users/`,
      `${V1}/settings/ldap/users/import/`,
      `${V1}/settings/ldap/cache/refresh/`,
      `${V1}/terminal/replay-storages/:pk/test-connective/`,
      `${V1}/terminal/command-storages/:pk/test-connective/`,
      '/api/v2/terminal/terminals/',
      '/api/v2/terminal/terminals/:pk/',
    ],
  ],
];

/** After the features' own descriptions: a feature's description of a view (fields, name) stays, the class joins it. */
export function registerViewPermissions(app: FastifyInstance): void {
  for (const [permission, urls] of VIEWS) for (const url of urls) describeRoute(app, url, { permission });
}
