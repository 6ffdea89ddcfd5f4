// /api/v1/orgs/orgs/ (§2.10): superuser only; membership lists are write-only on input and
// returned read-only on retrieve; deletion refused for the current org or a non-empty one.
import { everyAction, IsSuperUser } from '../../core/permissions.ts';
import type { OrgRole } from '../../core/context.ts';
import { t } from '../../core/lib/i18n.ts';
import { uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';
import { membersByRole, setMembers } from '../../core/orgs/membership-store.ts';
import { orgHasResources } from '../../core/orgs/org-usage.ts';
import { deleteOrg } from '../org-store.ts';
import { nonAppUserIds } from '../../users/user-store.ts';
import type { FieldDef, HookArgs, ResourceDef, Row } from '../../engine/types.ts';

const memberList = (zh: string, en: string): FieldDef => ({
  type: 'list',
  label: { en, zh },
  write_only: true,
  column: false,
});

const MEMBER_FIELDS: Record<string, OrgRole> = { users: 'User', admins: 'Admin', auditors: 'Auditor' };
const RESERVED_NAMES = ['DEFAULT', 'ROOT', 'SYSTEM'];

export const orgsResource: ResourceDef = {
  name: 'Org List',
  model: { en: 'Organization', zh: '组织' },
  url: '/api/v1/orgs/orgs/',
  table: 'orgs',
  fields: {
    id: { type: 'string', label: { en: 'ID', zh: 'ID' }, read_only: true },
    name: { type: 'string', label: { en: 'Name', zh: '名称' }, required: true, max_length: 128, unique: true },
    comment: {
      type: 'string',
      label: { en: 'Comment', zh: '备注' },
      multiline: true,
      max_length: 128,
      allow_blank: true,
      default: '',
    },
    created_by: { type: 'string', label: { en: 'Created by', zh: '创建者' }, read_only: true },
    date_created: { type: 'datetime', label: { en: 'Date created', zh: '创建日期' }, read_only: true },
    users: memberList('用户', 'Users'),
    admins: memberList('管理员', 'Admins'),
    auditors: memberList('审计员', 'Auditors'),
  },
  searchFields: ['name', 'comment'],
  filterFields: ['name'],
  orderingFields: ['name', 'comment', 'date_created', 'created_by'],
  defaultOrder: ['name'],
  bulk: true,
  sample: ({ seq }) => ({
    create: [0, 1].map((i) => ({ name: `Sample org ${seq}-${i}`, comment: `sample ${seq}` })),
    update: { comment: `updated ${seq}` },
  }),
  permissions: everyAction(IsSuperUser),
  hooks: {
    beforeCreate: ({ ctx, now }, data) => {
      data.id = uuid();
      data.created_by = ctx.user.name;
      data.date_created = isoAt(now);
    },
    validate: (args, data) => {
      const errors: Record<string, string[]> = {};
      if (typeof data.name === 'string' && RESERVED_NAMES.includes(data.name.toUpperCase())) {
        errors.name = [t(args.ctx.lang, 'field.reserved_name')];
      }
      for (const field of Object.keys(MEMBER_FIELDS)) {
        const unknown = unknownUserIds(args, data[field]);
        if (unknown.length) errors[field] = unknown.map((id) => t(args.ctx.lang, 'field.invalid_pk', { value: id }));
      }
      return Object.keys(errors).length ? errors : null;
    },
    afterWrite: ({ db }, id, data) => {
      for (const [field, role] of Object.entries(MEMBER_FIELDS)) {
        if (Array.isArray(data[field])) setMembers(db, id, role, data[field] as string[]);
      }
    },
    serialize: ({ db }, row, out, mode) => {
      if (mode !== 'retrieve') return;
      for (const [field, role] of Object.entries(MEMBER_FIELDS)) out[field] = membersByRole(db, String(row.id), role);
    },
    beforeDelete: (args, row) => {
      if (args.ctx.org.id === row.id) return { status: 403, body: { error: t(args.ctx.lang, 'org.delete_current') } };
      if (orgHasResources(args.db, String(row.id)))
        return { status: 403, body: { error: t(args.ctx.lang, 'org.delete_not_empty') } };
      return null;
    },
    remove: ({ db }, row) => deleteOrg(db, String(row.id)),
    deleteResponse: () => ({ status: 200, body: { msg: true } }),
  },
};

function unknownUserIds({ db }: HookArgs, value: Row[string]): string[] {
  if (!Array.isArray(value)) return [];
  const known = nonAppUserIds(db);
  return value.map(String).filter((id) => !known.includes(id));
}
