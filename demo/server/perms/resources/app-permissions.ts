// /api/v1/perms/{remote,database,k8s}-app-permissions/ (§2.5): who (users, user groups) may use which
// applications as which system users, while active and inside the window. One definition per kind of
// ../perms/app-kinds.ts; rules in ../perms/app-permission-rules.ts, what they grant in ../perms/app-grants.ts.
import { computed, idField, L, relationList, stampNew, noteField } from '../../engine/field-kit.ts';
import { fixtureApp, fixtureGroup, fixtureProtocolSystemUser } from '../../applications/samples.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { FieldDef, ResourceDef } from '../../engine/types.ts';
import { defaultExpiry, isoAt } from '../../core/lib/time.ts';
import { APP_KINDS, appPermissionLinks, type AppKind } from '../app-kinds.ts';
import { serializeAppPermission, validateAppPermission, writeAppPermissionLinks } from '../app-permission-rules.ts';
import { permissionFilters } from '../permission-filters.ts';
import { permissionValidity } from '../validity.ts';

const amount = (zh: string, en: string): FieldDef => computed('integer', zh, en);

function appPermissionResource(kind: AppKind): ResourceDef {
  // 2.3: remote-app permissions are a plain viewset; database and k8s ones are bulk, with a display
  // serializer (draw=1) that adds is_expired and leaves the id lists out.
  const bulk = kind.kind !== 'remote_app';
  const name = kind.segment.split('-')[0];
  return {
    name: `${name[0].toUpperCase()}${name.slice(1)} App Permission List`,
    model: kind.permissionLabel,
    url: `/api/v1/perms/${kind.kind.replace('_', '-')}-permissions/`,
    table: `${kind.prefix}s`,
    fields: {
      id: idField(),
      name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
      users: relationList('用户', 'User', '/api/v1/users/users/'),
      user_groups: relationList('用户组', 'User group', '/api/v1/users/groups/'),
      [kind.field]: relationList(kind.label.zh, kind.label.en, kind.appsUrl),
      system_users: { ...relationList('系统用户', 'System user', '/api/v1/assets/system-users/'), required: true },
      comment: noteField('备注', 'Comment'),
      is_active: { type: 'boolean', label: L('激活', 'Active'), default: true },
      date_start: { type: 'datetime', label: L('开始日期', 'Date start'), default: isoAt },
      date_expired: { type: 'datetime', label: L('失效日期', 'Date expired'), default: defaultExpiry },
      is_valid: computed('boolean', '有效', 'Is valid'),
      created_by: { type: 'string', label: L('创建者', 'Created by'), read_only: true },
      date_created: { type: 'datetime', label: L('创建日期', 'Date created'), read_only: true },
      users_amount: amount('用户数量', 'Users amount'),
      user_groups_amount: amount('用户组数量', 'User groups amount'),
      [`${kind.field}_amount`]: amount(`${kind.label.zh}数量`, `${kind.label.en} amount`),
      system_users_amount: amount('系统用户数量', 'System users amount'),
    },
    searchFields: ['name'],
    filterFields: ['name'],
    orderingFields: ['name', 'date_created', 'date_expired'],
    defaultOrder: ['name'],
    fieldsMini: ['id', 'name'],
    fieldsSmall: [
      'id',
      'name',
      'comment',
      'is_active',
      'date_start',
      'date_expired',
      'is_valid',
      'created_by',
      'date_created',
    ],
    ...(bulk ? { displayFields: { is_expired: computed('boolean', '已失效', 'Is expired') } } : {}),
    // is_valid as on asset permissions (2.3 filters these by name only; the console's validity column reads it).
    extraFilters: { is_valid: permissionFilters.is_valid },
    orgScoped: true,
    bulk,
    permissions: everyAction(IsOrgAdmin),
    hooks: {
      beforeCreate: stampNew(false),
      validate: validateAppPermission(kind),
      afterWrite: writeAppPermissionLinks(kind),
      serialize: serializeAppPermission(kind),
      ...(bulk
        ? {
            display: (args, row, out) => {
              for (const link of appPermissionLinks(kind)) delete out[link.field];
              out.is_expired = permissionValidity(row, args.now).is_expired;
            },
          }
        : {}),
    },
    sample: ({ db, orgId, seq }) => {
      const systemUser = fixtureProtocolSystemUser(db, orgId, `${kind.kind} fixture ${seq}`, kind.protocol);
      const app = fixtureApp(db, orgId, kind.table, `${kind.kind} fixture app ${seq}`);
      const group = fixtureGroup(db, orgId, `${kind.kind} fixture group ${seq}`);
      return {
        create: [0, 1].map((i) => ({
          name: `Sample ${kind.kind} permission ${seq}-${i}`,
          system_users: [systemUser],
          [kind.field]: i ? [app] : [],
          user_groups: i ? [] : [group],
          comment: `sample ${seq}`,
          is_active: i === 0,
        })),
        update: { comment: `updated ${seq}`, is_active: false },
      };
    },
  };
}

export const [remoteAppPermissionsResource, databaseAppPermissionsResource, k8sAppPermissionsResource] =
  APP_KINDS.map(appPermissionResource);

/** The kind of a permission definition (for the routes that take one). */
export const appPermissionResourceOf = (kind: AppKind): ResourceDef =>
  [remoteAppPermissionsResource, databaseAppPermissionsResource, k8sAppPermissionsResource][APP_KINDS.indexOf(kind)];
