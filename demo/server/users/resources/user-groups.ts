// /api/v1/users/groups/ (§2.1): org-scoped groups whose members must belong to the current org.
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { t } from '../../core/lib/i18n.ts';
import { uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';
import { isOrgMember } from '../../core/orgs/org-members.ts';
import { groupMemberIds, setGroupMembers } from '../group-store.ts';
import { firstTwoMemberIds } from '../../core/orgs/membership-store.ts';

export const userGroupsResource: ResourceDef = {
  name: 'User Group List',
  model: { en: 'User group', zh: '用户组' },
  url: '/api/v1/users/groups/',
  table: 'user_groups',
  fields: {
    id: { type: 'string', label: { en: 'ID', zh: 'ID' }, read_only: true },
    name: { type: 'string', label: { en: 'Name', zh: '名称' }, required: true, max_length: 128, unique: true },
    users: { type: 'list', label: { en: 'User', zh: '用户' }, column: false, relation: '/api/v1/users/users/' },
    users_amount: { type: 'integer', label: { en: 'Users amount', zh: '用户数量' }, read_only: true, column: false },
    comment: { type: 'string', label: { en: 'Comment', zh: '备注' }, multiline: true, allow_blank: true, default: '' },
    created_by: { type: 'string', label: { en: 'Created by', zh: '创建者' }, read_only: true },
    date_created: { type: 'datetime', label: { en: 'Date created', zh: '创建日期' }, read_only: true },
  },
  searchFields: ['name', 'comment'],
  filterFields: ['name'],
  orderingFields: ['name', 'date_created'],
  defaultOrder: ['name'],
  fieldsMini: ['id', 'name'],
  fieldsSmall: ['id', 'name', 'comment', 'date_created', 'created_by'],
  orgScoped: true,
  bulk: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    beforeCreate: ({ ctx, now }, data) => {
      data.id = uuid();
      data.created_by = ctx.user.name;
      data.date_created = isoAt(now);
    },
    validate: (args, data) => {
      if (!Array.isArray(data.users)) return null;
      const outsiders = data.users.map(String).filter((id) => !isOrgMember(args.db, args.ctx.org, id));
      return outsiders.length
        ? { users: outsiders.map((id) => t(args.ctx.lang, 'field.invalid_pk', { value: id })) }
        : null;
    },
    afterWrite: ({ db }, id, data) => {
      if (!Array.isArray(data.users)) return;
      setGroupMembers(db, id, data.users.map(String));
    },
    serialize: ({ db }, row, out) => {
      out.users = groupMemberIds(db, row.id);
      out.users_amount = (out.users as string[]).length;
    },
  },
  sample: ({ db, orgId, seq }) => {
    const members = firstTwoMemberIds(db, orgId);
    return {
      create: [0, 1].map((i) => ({
        name: `Sample group ${seq}-${i}`,
        comment: `sample ${seq}`,
        users: members.slice(0, i + 1),
      })),
      update: { comment: `updated ${seq}`, users: members.slice(0, 1) },
    };
  },
};
