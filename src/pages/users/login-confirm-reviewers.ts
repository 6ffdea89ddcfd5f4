import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { RelationDefinition } from '../../core/resource/define.ts';
import { $publicSettings } from '../../core/stores/settings.ts';
import { userText } from '../perms/api.ts';
import { USERS_URL } from './user-api.ts';

// The reviewers of a user's sign-ins (2.3's UserInfo "Login confirm" card, §2.2 login-confirm-settings):
// shown while LOGIN_CONFIRM_ENABLE is on; the picker offers the org's admins, the server checks them.

const settingsUrl = (user: Row) =>
  `/api/v1/authentication/login-confirm-settings/${encodeURIComponent(String(user.id))}/`;
const reviewerIds = (user: Row): string[] =>
  Array.isArray(user.login_confirm_settings) ? user.login_confirm_settings.map(String) : [];

export const loginConfirmReviewers: RelationDefinition = {
  title: 'users.relation.reviewers',
  selectUrl: `${USERS_URL}?org_role=admins`,
  selectText: userText,
  when: () => $publicSettings.get().LOGIN_CONFIRM_ENABLE === true,
  members: async (user) => {
    const ids = reviewerIds(user);
    if (!ids.length) return [];
    const rows = await http.get<Row[]>(USERS_URL, { params: { ids: ids.join(',') } });
    return rows.map((row) => ({ id: String(row.id), name: userText(row) }));
  },
  add: (user, ids) => http.patch(settingsUrl(user), { reviewers: [...new Set([...reviewerIds(user), ...ids])] }),
  remove: (user, id) => http.patch(settingsUrl(user), { reviewers: reviewerIds(user).filter((each) => each !== id) }),
};
