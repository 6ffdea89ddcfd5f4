// /api/v1/applications/database-apps/ (§2.4): a MySQL server users reach through the bastion.
import { auditFields, idField, L, noteField, stampNew } from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import { databaseAppSample } from '../samples.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { pick } from '../../core/lib/i18n.ts';

const TYPES = [{ value: 'mysql', label: L('MySQL', 'MySQL') }];

export const databaseAppsResource: ResourceDef = {
  name: 'Database App List',
  model: L('数据库应用', 'DatabaseApp'),
  url: '/api/v1/applications/database-apps/',
  table: 'database_apps',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    type: { type: 'choice', label: L('类型', 'Type'), choices: TYPES, default: 'mysql' },
    get_type_display: { type: 'string', label: L('类型名称', 'Type display'), read_only: true, column: false },
    host: { type: 'string', label: L('主机', 'Host'), required: true, max_length: 128 },
    port: { type: 'integer', label: L('端口', 'Port'), default: 3306, min_value: 1, max_value: 65535 },
    database: { type: 'string', label: L('数据库', 'Database'), max_length: 128, allow_blank: true, allow_null: true },
    comment: noteField('备注', 'Comment', 128),
    ...auditFields(true),
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  // Terminals (App accounts) read them to open database sessions (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  hooks: {
    beforeCreate: stampNew(true),
    serialize: (args, row, out) => {
      const type = TYPES.find((choice) => choice.value === row.type);
      out.get_type_display = type ? pick(args.ctx.lang, type.label) : String(row.type);
    },
  },
  sample: databaseAppSample,
};
