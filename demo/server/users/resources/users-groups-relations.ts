// /api/v1/users/users-groups-relations/ (§2.1): the user ↔ group through table (a view adds the
// names and the group's org; deleting from it deletes the relation). Rows are added and removed, never edited.
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { t } from '../../core/lib/i18n.ts';
import { isoAt } from '../../core/lib/time.ts';
import { isOrgMember } from '../../core/orgs/org-members.ts';
import { groupInOrg } from '../user-writes.ts';
import { addGroupMember, insertGroup } from '../group-store.ts';
import { userDisplayName } from '../user-store.ts';
import { firstMemberId } from '../../core/orgs/membership-store.ts';

export const usersGroupsRelationsResource: ResourceDef = {
  name: 'User Group Relation List',
  model: { en: 'User group relation', zh: '用户组关系' },
  url: '/api/v1/users/users-groups-relations/',
  table: 'users_groups_relations',
  fields: {
    id: { type: 'integer', label: { en: 'ID', zh: 'ID' }, read_only: true },
    user: { type: 'string', label: { en: 'User', zh: '用户' }, required: true, relation: '/api/v1/users/users/' },
    user_display: { type: 'string', label: { en: 'User display', zh: '用户名称' }, read_only: true },
    usergroup: {
      type: 'string',
      label: { en: 'User group', zh: '用户组' },
      required: true,
      relation: '/api/v1/users/groups/',
    },
    usergroup_display: { type: 'string', label: { en: 'User group display', zh: '用户组名称' }, read_only: true },
  },
  searchFields: ['user_display', 'usergroup_display'],
  filterFields: ['user', 'usergroup'],
  orderingFields: ['user_display', 'usergroup_display'],
  defaultOrder: ['usergroup_display', 'user_display'],
  orgScoped: true,
  bulk: true,
  bulkDelete: 'exactlyOne',
  actions: ['list', 'retrieve', 'create', 'delete'],
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    validate: (args, data) => {
      const errors: Record<string, string[]> = {};
      const invalid = (value: unknown) => [t(args.ctx.lang, 'field.invalid_pk', { value: String(value) })];
      if (data.user !== undefined && !isOrgMember(args.db, args.ctx.org, String(data.user)))
        errors.user = invalid(data.user);
      if (data.usergroup !== undefined && !groupInOrg(args, String(data.usergroup)))
        errors.usergroup = invalid(data.usergroup);
      return Object.keys(errors).length ? errors : null;
    },
    // 2.3 annotates user_display with the user's name only (the view's column is "name(username)", which search keeps using).
    serialize: ({ db }, row, out) => {
      out.user_display = userDisplayName(db, row.user) ?? '';
    },
    insert: ({ db }, data) => String(addGroupMember(db, String(data.usergroup), String(data.user), false)),
  },
  sample: ({ db, orgId, seq }) => {
    // Fresh groups as fixtures, so every sample pair is new.
    const groups = [0, 1].map((i) =>
      insertGroup(db, { name: `Relation fixture ${seq}-${i}`, orgId, dateCreated: isoAt(Date.now()) }),
    );
    const user = firstMemberId(db, orgId);
    return { create: groups.map((usergroup) => ({ user, usergroup })), update: {} };
  },
};
