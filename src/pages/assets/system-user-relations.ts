import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { RelationDefinition, RelationMember, RelationRange } from '../../core/resource/define.ts';
import { userText } from '../perms/api.ts';
import { API } from './field-helpers.ts';
import './system-user-i18n.ts';

// A system user's linked assets and nodes through the relation endpoints (jumpserver-api.md §2.3):
// bulk POST of `[{systemuser, <kind>}]`, DELETE `?systemuser=&<kind>=` (a narrowing filter).

type Kind = 'asset' | 'node' | 'user';

export const RELATIONS_URL: Record<Kind, string> = {
  asset: '/api/v1/assets/system-users-assets-relations/',
  node: '/api/v1/assets/system-users-nodes-relations/',
  user: '/api/v1/assets/system-users-users-relations/',
};

type Page = { count: number; results: Row[] };

/** Members are the linked objects (not the link rows), so removing one names it in the filter. */
const members =
  (kind: Kind) =>
  async (systemUser: Row, range: RelationRange): Promise<{ members: RelationMember[]; count: number }> => {
    // Paged: a system user linked to a big node reaches every asset below it.
    const body = await http.get<Page>(RELATIONS_URL[kind], { params: { systemuser: systemUser.id, ...range } });
    return {
      count: body.count,
      members: body.results.map((link) => ({
        id: String(link[kind]),
        name: String(link[`${kind}_display`] ?? link[kind]),
      })),
    };
  };

/** Whether one object is linked already: one filtered question each, whatever the relation's size. */
async function isLinked(kind: Kind, systemUser: Row, id: string): Promise<boolean> {
  const body = await http.get<Page>(RELATIONS_URL[kind], {
    params: { systemuser: systemUser.id, [kind]: id, limit: 1, offset: 0 },
  });
  return body.count > 0;
}

/** Links the picked objects in one bulk POST, leaving out those already linked (the server refuses a pair twice). */
const add = (kind: Kind) => async (systemUser: Row, ids: string[]) => {
  const linkedAlready = await Promise.all(ids.map((id) => isLinked(kind, systemUser, id)));
  const fresh = ids.filter((_, index) => !linkedAlready[index]);
  if (fresh.length)
    await http.post(
      RELATIONS_URL[kind],
      fresh.map((id) => ({ systemuser: String(systemUser.id), [kind]: id })),
    );
};

const remove = (kind: Kind) => (systemUser: Row, id: string) =>
  http.delete(RELATIONS_URL[kind], { params: { systemuser: systemUser.id, [kind]: id } });

export const systemUserAssets: RelationDefinition = {
  title: 'assets.systemUserTabs.assets',
  selectUrl: API.assets,
  selectLabel: 'hostname',
  members: members('asset'),
  add: add('asset'),
  remove: remove('asset'),
};

export const systemUserNodes: RelationDefinition = {
  title: 'assets.systemUserTabs.nodes',
  selectUrl: API.nodes,
  selectLabel: 'full_value',
  members: members('node'),
  add: add('node'),
  remove: remove('node'),
};

/** The users a system user is linked to (2.3 links a permission's users to `username_same_with_user` ones). */
export const systemUserUsers: RelationDefinition = {
  title: 'assets.systemUserTabs.users',
  selectUrl: '/api/v1/users/users/',
  selectText: userText,
  members: members('user'),
  add: add('user'),
  remove: remove('user'),
};
