// /api/v1/assets/cmd-filters/ (§2.3): named rule sets bound to system users; the rules are nested
// under each filter (cmd-filter-rules.ts).
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';
import {
  auditFields,
  computed,
  idField,
  L,
  relationList,
  replaceRelations,
  stampNew,
  unknownIds,
  noteField,
} from '../../engine/field-kit.ts';
import { filterRuleIds, filterSystemUserIds } from '../cmd-filter-store.ts';

export const cmdFiltersResource: ResourceDef = {
  name: 'Command Filter List',
  model: L('命令过滤器', 'Command filter'),
  url: '/api/v1/assets/cmd-filters/',
  table: 'cmd_filters',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 64, unique: true },
    is_active: { type: 'boolean', label: L('激活', 'Is active'), default: true },
    comment: noteField('备注', 'Comment'),
    system_users: relationList('系统用户', 'System user', '/api/v1/assets/system-users/'),
    rules: computed('list', '规则', 'Rules'),
    ...auditFields(true),
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  // Terminals (App accounts) read them to connect users (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  hooks: {
    beforeCreate: stampNew(true),
    validate: (args, data) => unknownIds(args, 'system_users', 'system_users', data.system_users),
    afterWrite: (args, id, data) => {
      if (Array.isArray(data.system_users))
        replaceRelations(args, 'system_user_cmd_filters', 'filter_id', id, 'system_user_id', data.system_users);
    },
    serialize: ({ db }, row, out) => {
      out.system_users = filterSystemUserIds(db, String(row.id));
      out.rules = filterRuleIds(db, String(row.id));
    },
  },
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({ name: `Sample filter ${seq}-${i}`, comment: `sample ${seq}`, is_active: i === 0 })),
    update: { comment: `updated ${seq}`, is_active: false },
  }),
};
