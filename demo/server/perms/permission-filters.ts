// The query parameters of asset-permissions/ (§2.5) beyond `name`: validity, and who/what/as whom by
// id or by name. With `all` (default 1) a user filter also matches through the user's groups, and an
// asset or node filter also through the ancestors of its nodes; `all=0` keeps direct links only. An
// unknown object matches nothing, as 2.3's empty list.
import { assetIdsByHostname, assetIdsByIp } from '../assets/asset-store.ts';
import { nodeIdsOfAssets } from '../assets/node-asset-store.ts';
import { systemUserIdsByName } from '../assets/system-user-store.ts';
import type { Clause, HookArgs } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';
import { groupIdsByName, groupIdsOfUsers } from '../users/group-store.ts';
import { userIdsByUsername } from '../users/user-store.ts';
import { idsOfNodeKeys, keysOfNodes, nodeIdsByValue } from './node-key-store.ts';

const NOTHING: Clause = { sql: '0', params: [] };
/** Ids as one JSON parameter: a name may match thousands of objects (assets sharing an ip), past SQLite's variable limit. */
const IN_IDS = 'IN (SELECT value FROM json_each(?))';
const direct = (args: HookArgs): boolean =>
  ['0', 'false', 'False'].includes(String((args.request.query as Record<string, unknown>).all ?? '1'));
const linked = (table: string, column: string, ids: string[]): Clause =>
  ids.length
    ? {
        sql: `id IN (SELECT permission_id FROM asset_permission_${table} WHERE ${column} ${IN_IDS})`,
        params: [JSON.stringify(ids)],
      }
    : NOTHING;
const either = (a: Clause, b: Clause): Clause => ({
  sql: `(${a.sql} OR ${b.sql})`,
  params: [...a.params, ...b.params],
});

function byUser(args: HookArgs, userIds: string[]): Clause {
  const own = linked('users', 'user_id', userIds);
  if (direct(args) || !userIds.length) return own;
  const groups = groupIdsOfUsers(args.db, userIds);
  return groups.length ? either(own, linked('user_groups', 'usergroup_id', groups)) : own;
}

/** Node ids of the given nodes and (unless all=0) of their ancestors. */
function withAncestors(args: HookArgs, nodeIds: string[]): string[] {
  if (direct(args) || !nodeIds.length) return nodeIds;
  const keys = keysOfNodes(args.db, nodeIds);
  const ancestors = new Set<string>();
  for (const key of keys) {
    const parts = key.split(':');
    for (let i = 1; i <= parts.length; i += 1) ancestors.add(parts.slice(0, i).join(':'));
  }
  const list = [...ancestors];
  return idsOfNodeKeys(args.db, list);
}

function byAsset(args: HookArgs, assetIds: string[]): Clause {
  const own = linked('assets', 'asset_id', assetIds);
  if (direct(args) || !assetIds.length) return own;
  const nodes = nodeIdsOfAssets(args.db, assetIds);
  const up = withAncestors(args, nodes);
  return up.length ? either(own, linked('nodes', 'node_id', up)) : own;
}

export const permissionFilters: Record<string, (args: HookArgs, value: string) => Clause | null> = {
  is_valid: (args, value) => {
    const now = isoAt(args.now);
    const valid = '(is_active = 1 AND date_start <= ? AND date_expired > ?)';
    return ['0', 'N', 'false', 'False'].includes(value)
      ? { sql: `NOT ${valid}`, params: [now, now] }
      : { sql: valid, params: [now, now] };
  },
  user_id: (args, value) => byUser(args, [value]),
  username: (args, value) => byUser(args, userIdsByUsername(args.db, value)),
  user_group_id: (_args, value) => linked('user_groups', 'usergroup_id', [value]),
  user_group: (args, value) => linked('user_groups', 'usergroup_id', groupIdsByName(args.db, value)),
  asset_id: (args, value) => byAsset(args, [value]),
  hostname: (args, value) => byAsset(args, assetIdsByHostname(args.db, value)),
  ip: (args, value) => byAsset(args, assetIdsByIp(args.db, value)),
  node_id: (args, value) => linked('nodes', 'node_id', withAncestors(args, [value])),
  node: (args, value) => linked('nodes', 'node_id', withAncestors(args, nodeIdsByValue(args.db, value))),
  system_user_id: (_args, value) => linked('system_users', 'systemuser_id', [value]),
  system_user: (args, value) => linked('system_users', 'systemuser_id', systemUserIdsByName(args.db, value)),
};
