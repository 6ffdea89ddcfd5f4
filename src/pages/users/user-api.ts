import { http } from '../../core/http.ts';
import { $profile, loadProfile } from '../../core/stores/session.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { RelationMember } from '../../core/resource/define.ts';

// The user calls the engines do not make themselves (jumpserver-api.md §2.1).

export const USERS_URL = '/api/v1/users/users/';
export const GROUPS_URL = '/api/v1/users/groups/';
export const RELATIONS_URL = '/api/v1/users/users-groups-relations/';

/** What a reset answers besides the user: whether mail went out, and the server's note. */
export interface MailNote {
  mail_sent?: boolean;
  msg?: string;
}

const userUrl = (id: unknown, action = '') => `${USERS_URL}${String(id)}/${action}`;

export const setUserActive = (user: Row, isActive: boolean) => http.patch(userUrl(user.id), { is_active: isActive });
// Methods and bodies as Lina v2.3.1 sends them: a real 2.3 server refuses a PUT with an empty body
// (its serializers validate a full update), so the resets PATCH `{}` and unblock PATCHes no body.
export const resetMfa = (user: Row) => http.get(userUrl(user.id, 'otp/reset/'));
export const resetPassword = (user: Row) => http.patch<MailNote>(userUrl(user.id, 'password/reset/'), {});
export const resetPublicKey = (user: Row) => http.patch<MailNote>(userUrl(user.id, 'pubkey/reset/'), {});
export const unblockUser = (user: Row) => http.patch(userUrl(user.id, 'unblock/'));

/** Bulk enable/disable: one PATCH of `[{id, is_active}]` (jumpserver-api.md §1.9). */
export const setUsersActive = (ids: string[], isActive: boolean) =>
  http.patch(
    USERS_URL,
    ids.map((id) => ({ id, is_active: isActive })),
  );

interface Relation {
  id: number;
  user: string;
  user_display: string;
  usergroup: string;
  usergroup_display: string;
}

/** Relations filtered by `user` or `usergroup`; a member's id is the relation's, so removing deletes that row. */
async function relations(filter: { user: string } | { usergroup: string }): Promise<Relation[]> {
  const body = await http.get<Relation[] | { results: Relation[] }>(RELATIONS_URL, { params: filter });
  return Array.isArray(body) ? body : body.results;
}

export const groupsOfUser = async (user: Row): Promise<RelationMember[]> =>
  (await relations({ user: String(user.id) })).map((r) => ({ id: String(r.id), name: r.usergroup_display }));

export const membersOfGroup = async (group: Row): Promise<RelationMember[]> =>
  (await relations({ usergroup: String(group.id) })).map((r) => ({ id: String(r.id), name: r.user_display }));

/** One bulk POST of the new pairs. */
export const addRelations = (pairs: { user: string; usergroup: string }[]) => http.post(RELATIONS_URL, pairs);

export const removeRelation = (relationId: string) => http.delete(`${RELATIONS_URL}${relationId}/`);

/** The top bar shows the signed-in user's name: when an admin saves their own record, read the profile again. */
export function refreshOwnProfile(saved: unknown): void {
  const id = (saved as { id?: unknown } | null)?.id;
  if (id !== undefined && id === $profile.get()?.id) loadProfile().catch(() => undefined);
}
