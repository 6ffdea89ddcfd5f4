import { defineResource, type ResourceDefinition } from '../../core/resource/define.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';
import { PICK, userText } from './api.ts';
import { fieldRelation } from './field-relation.ts';
import {
  activeSwitch,
  allListTab,
  IS_VALID_FILTER,
  many,
  OTHER_GROUP,
  relationCardsTab,
  VALIDITY_COLUMN,
  VALIDITY_RENDER,
  WHO_GROUP,
  WHO_OVERRIDES,
} from './permission-common.tsx';
import {
  DATABASE_APP_PERMISSION_ROUTES,
  KUBERNETES_APP_PERMISSION_ROUTES,
  REMOTE_APP_PERMISSION_ROUTES,
} from './section.ts';
import './i18n.ts';

// Remote-app, database-app and Kubernetes-app permissions (jumpserver-api.md §2.5): the asset
// permission's shape with an app list in place of assets and nodes, and no actions.

interface AppKind {
  /** Route name, paths and API list (section.ts). */
  routes: ResourceRoutesStub;
  /** API segment (`k8s`, where the UI says `kubernetes`): its `<id>/<api>s/all/` lists the apps. */
  api: string;
  /** The app list field, and the app's key in `<id>/<apps>/all/` rows. */
  field: string;
  member: string;
  selectUrl: string;
  title: string;
  /** The one protocol its system users speak (the server refuses the others). */
  protocol: 'rdp' | 'mysql' | 'k8s';
}

function appPermission(kind: AppKind): ResourceDefinition {
  const url = kind.routes.url;
  // The cards change the permission's own id lists: one PATCH works for every kind, where 2.3 has
  // through-table endpoints for some relations of some kinds only.
  const rel = (field: string, title: string, selectUrl: string, selectText?: (row: Row) => string) =>
    fieldRelation({ title, objectUrl: url, field, selectUrl, selectText });
  const systemUsersUrl = `${PICK.systemUsers}?protocol=${kind.protocol}`;
  return defineResource({
    ...kind.routes,
    list: {
      columns: [
        'name',
        'users_amount',
        'user_groups_amount',
        `${kind.field}_amount`,
        'system_users_amount',
        'is_valid',
        'actions',
      ],
      overrides: VALIDITY_COLUMN,
      extraFilters: IS_VALID_FILTER,
    },
    form: {
      groups: [
        { title: 'perms.groups.basic', items: ['name'] },
        WHO_GROUP,
        { title: 'perms.groups.apps', items: [kind.field, 'system_users'] },
        OTHER_GROUP,
      ],
      overrides: {
        ...WHO_OVERRIDES,
        [kind.field]: many(kind.selectUrl),
        system_users: { ...many(systemUsersUrl), required: true },
      },
    },
    detail: {
      url: (id) => `${url}${id}/`,
      fields: [
        'name',
        'users_amount',
        'user_groups_amount',
        `${kind.field}_amount`,
        'system_users_amount',
        'is_valid',
        'is_active',
        'date_start',
        'date_expired',
        'created_by',
        'date_created',
        'comment',
      ],
      render: VALIDITY_RENDER,
      quickActions: activeSwitch(url),
      tabs: [
        {
          name: 'users',
          title: 'perms.tabs.users',
          component: relationCardsTab([
            rel('users', 'perms.relation.users', PICK.users, userText),
            rel('user_groups', 'perms.relation.userGroups', PICK.groups),
          ]),
        },
        {
          name: 'apps',
          title: 'perms.tabs.apps',
          component: relationCardsTab([
            rel(kind.field, kind.title, kind.selectUrl),
            rel('system_users', 'perms.relation.systemUsers', systemUsersUrl),
          ]),
        },
        {
          name: 'allUsers',
          title: 'perms.tabs.allUsers',
          component: allListTab(url, 'users', 'user', 'perms.column.user'),
        },
        { name: 'allApps', title: kind.title, component: allListTab(url, `${kind.api}s`, kind.member, kind.title) },
      ],
    },
  });
}

export const remoteAppPermissions = appPermission({
  routes: REMOTE_APP_PERMISSION_ROUTES,
  api: 'remote-app',
  field: 'remote_apps',
  member: 'remoteapp',
  selectUrl: PICK.remoteApps,
  title: 'perms.relation.remoteApps',
  protocol: 'rdp',
});

export const databaseAppPermissions = appPermission({
  routes: DATABASE_APP_PERMISSION_ROUTES,
  api: 'database-app',
  field: 'database_apps',
  member: 'databaseapp',
  selectUrl: PICK.databaseApps,
  title: 'perms.relation.databaseApps',
  protocol: 'mysql',
});

export const kubernetesAppPermissions = appPermission({
  routes: KUBERNETES_APP_PERMISSION_ROUTES,
  api: 'k8s-app',
  field: 'k8s_apps',
  member: 'k8sapp',
  selectUrl: PICK.k8sApps,
  title: 'perms.relation.k8sApps',
  protocol: 'k8s',
});
