// /api/v1/orgs/org-memeber-relation/ (2.3's spelling, IsSuperUserOrAppUser): who is in which org as what,
// one row per org, user and role, added and removed (a view over org_members, migration 52).
import { everyAction, IsSuperUser } from '../../core/permissions.ts';
import { addMember, hasMembership, isNonAppUser, isOrgAuditor } from '../../core/orgs/membership-store.ts';
import type { OrgRole } from '../../core/context.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { t } from '../../core/lib/i18n.ts';
import { plainUserIds } from '../../users/user-store.ts';
import { orgExists, orgIdsByName } from '../org-store.ts';

const L = (zh: string, en: string) => ({ en, zh });
const ROLES = [
  { value: 'Admin', label: L('管理员', 'Organization administrator') },
  { value: 'Auditor', label: L('审计员', 'Organization auditor') },
  { value: 'User', label: L('用户', 'User') },
];

export const orgMemberRelationsResource: ResourceDef = {
  name: 'Org Member Relation Bulk List',
  model: L('组织成员', 'Organization member'),
  url: '/api/v1/orgs/org-memeber-relation/',
  table: 'org_member_relations',
  fields: {
    id: { type: 'integer', label: L('ID', 'ID'), read_only: true },
    org: { type: 'string', label: L('组织', 'Organization'), required: true, relation: '/api/v1/orgs/orgs/' },
    user: { type: 'string', label: L('用户', 'User'), required: true, relation: '/api/v1/users/users/' },
    role: { type: 'choice', label: L('角色', 'Role'), required: true, choices: ROLES },
    org_display: { type: 'string', label: L('组织名称', 'Org display'), read_only: true },
    user_display: { type: 'string', label: L('用户名称', 'User display'), read_only: true },
  },
  searchFields: ['org_display', 'user_display'],
  filterFields: ['org', 'user', 'role'],
  defaultOrder: ['org_display', 'user_display', 'role'],
  bulk: true,
  bulkDelete: 'exactlyOne',
  actions: ['list', 'retrieve', 'create', 'delete'],
  permissions: everyAction(IsSuperUser),
  hooks: {
    validate: ({ db, ctx }, data) => {
      const errors: Record<string, string[]> = {};
      const invalid = (value: unknown) => [t(ctx.lang, 'field.invalid_pk', { value: String(value) })];
      if (data.org !== undefined && !orgExists(db, data.org)) errors.org = invalid(data.org);
      if (data.user !== undefined && !isNonAppUser(db, data.user as string)) errors.user = invalid(data.user);
      if (!Object.keys(errors).length && hasMembership(db, data.org, data.user, data.role)) {
        errors.non_field_errors = [t(ctx.lang, 'field.unique_set', { fields: 'org, user, role' })];
      }
      return Object.keys(errors).length ? errors : null;
    },
    insert: ({ db }, data) => String(addMember(db, String(data.org), String(data.user), data.role as OrgRole)),
  },
  sample: ({ db, seq }) => {
    // Two (org, user) pairs not yet holding the Auditor role, walked from the seq so each call differs.
    const orgs = orgIdsByName(db);
    const users = plainUserIds(db);
    const create: { org: string; user: string; role: string }[] = [];
    for (let i = 0; create.length < 2 && i < orgs.length * users.length; i += 1) {
      const k = seq * 2 + i;
      const row = {
        org: orgs[k % orgs.length],
        user: users[Math.floor(k / orgs.length) % users.length],
        role: 'Auditor',
      };
      if (!isOrgAuditor(db, row.org, row.user) && !create.some((c) => c.org === row.org && c.user === row.user))
        create.push(row);
    }
    return { create, update: {} };
  },
};
