import './i18n.ts';
import { defineResource, type HeaderAction } from '../../core/resource/define.ts';
import { $currentOrg, DEFAULT_ORG, GLOBAL_ORG_ID } from '../../core/stores/org.ts';
import { t } from '../../core/i18n/index.ts';
import { toast } from '../../core/stores/notify.ts';
import {
  addRelations,
  GROUPS_URL,
  groupsOfUser,
  refreshOwnProfile,
  removeRelation,
  setUsersActive,
  USERS_URL,
} from './user-api.ts';
import { userQuickActions } from './user-quick-actions.ts';
import { loginConfirmReviewers } from './login-confirm-reviewers.ts';
import { USER_FORM_SECTIONS } from './user-form-sections.ts';
import { userGrantTabs } from '../perms/granted-tabs.ts';

/** Org roles mean something only inside a real organisation (not DEFAULT, not the global one). */
export function inRealOrg(): boolean {
  const id = $currentOrg.get()?.id;
  return id !== undefined && id !== GLOBAL_ORG_ID && id !== DEFAULT_ORG.id;
}

/** Password strategy 1 = the admin types the password; 0 = the user gets a reset link by mail. */
export const SET_PASSWORD = 1;

const bulkActive = (name: string, title: string, isActive: boolean): HeaderAction => ({
  name,
  title,
  needsSelection: true,
  onClick: (rows, ctx) =>
    setUsersActive(
      rows.map((row) => String(row.id)),
      isActive,
    ).then(
      () => {
        toast.success(t('message.updateSuccess'));
        ctx.reload();
      },
      () => undefined,
    ),
});

export const users = defineResource({
  name: 'User',
  url: USERS_URL,
  path: '/users/users',
  icon: 'person-circle',
  list: {
    columns: ['name', 'username', 'email', 'role', 'groups_display', 'source', 'is_valid', 'actions'],
    headerActions: [
      bulkActive('activate', 'users.list.activate', true),
      bulkActive('deactivate', 'users.list.deactivate', false),
    ],
    bulkUpdate: ['groups', 'role', 'mfa_level', 'is_active', 'date_expired', 'comment'],
    importExport: true,
  },
  form: {
    groups: USER_FORM_SECTIONS,
    overrides: {
      groups: { multiple: true, remote: { url: GROUPS_URL } },
      org_roles: { enableWhen: inRealOrg },
      password: { enableWhen: (values) => Number(values.password_strategy) === SET_PASSWORD },
    },
    initial: { password_strategy: 0 },
    afterSubmit: refreshOwnProfile,
  },
  detail: {
    fields: [
      'name',
      'username',
      'email',
      'role',
      'org_role_display',
      'groups_display',
      'source',
      'mfa_level',
      'is_valid',
      'login_blocked',
      'date_expired',
      'date_joined',
      'last_login',
      'created_by',
      'comment',
    ],
    quickActions: userQuickActions,
    tabs: userGrantTabs,
    relations: [
      {
        title: 'users.relation.groups',
        selectUrl: GROUPS_URL,
        members: groupsOfUser,
        add: (user, ids) => addRelations(ids.map((usergroup) => ({ user: String(user.id), usergroup }))),
        remove: (_user, relationId) => removeRelation(relationId),
      },
      loginConfirmReviewers,
    ],
  },
});
