import './i18n.ts';
import { defineResource } from '../../core/resource/define.ts';
import { addRelations, GROUPS_URL, membersOfGroup, removeRelation, USERS_URL } from './user-api.ts';
import { userGroupGrantTabs } from '../perms/granted-tabs.ts';

export const userGroups = defineResource({
  name: 'UserGroup',
  url: GROUPS_URL,
  path: '/users/groups',
  icon: 'list',
  list: {
    columns: ['name', 'users_amount', 'comment', 'actions'],
    bulkUpdate: ['comment'],
    importExport: true,
  },
  form: {
    fields: ['name', 'users', 'comment'],
    overrides: { users: { multiple: true, remote: { url: USERS_URL } } },
  },
  detail: {
    fields: ['name', 'users_amount', 'comment', 'created_by', 'date_created'],
    relations: [
      {
        title: 'users.relation.members',
        selectUrl: USERS_URL,
        members: membersOfGroup,
        add: (group, ids) => addRelations(ids.map((user) => ({ user, usergroup: String(group.id) }))),
        remove: (_group, relationId) => removeRelation(relationId),
      },
    ],
    tabs: userGroupGrantTabs,
  },
});
