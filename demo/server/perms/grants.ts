// The grant engine (§3): the one place that decides who may reach what, as whom. A grant is
// (users ∪ members of user groups) × (assets ∪ assets in the subtree of each node) × system users,
// counted only while the permission is active and inside its window, for active assets only; a
// system user serves an asset only over a protocol the asset offers. Which permissions count is
// grant-rules.ts; what they reach and where it sits in the tree is grant-walk.ts, run here in slices
// for requests (grantsOf) or at once (grantsNow) and reused while nothing changes. Every
// granted-resource endpoint is a thin call into these functions (perms/granted-routes.ts).
import { keyPath } from '../assets/node-tree.ts';
import { assetProtocolsAndActive } from '../assets/asset-store.ts';
import { assetNodeKeys } from '../assets/node-asset-store.ts';
import { grantedSystemUserColumns } from '../assets/system-user-store.ts';
import type { DB } from '../core/db/open.ts';
import type { Clause } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';
import { IN_SUBTREE, type GrantScope } from './grant-rules.ts';
import { changeStamp, nextWindowChange, validPermissionActions, validPermissionPairs } from './grant-store.ts';
import { walkGrants, type Grants } from './grant-walk.ts';
import { favoriteAssetIds } from './granted-lookup-store.ts';
import { runAtOnce, runSliced } from './slices.ts';

export { FAVORITE_KEY, UNGROUPED_KEY, type GrantScope, type Placement, type Subject } from './grant-rules.ts';
export type { Grants } from './grant-walk.ts';

export interface GrantedSystemUser {
  id: string;
  name: string;
  username: string;
  priority: number;
  protocol: string;
  login_mode: string;
  sftp_root: string;
  username_same_with_user: number;
  /** The OR of the actions of every valid permission granting this system user on the asset. */
  actions: number;
}

/** A clause on `column` (an assets id) holding exactly the given ids (one JSON parameter, any length). */
export const idsClause = (ids: Iterable<string>, column = 'id'): Clause => ({
  sql: `${column} IN (SELECT value FROM json_each(?))`,
  params: [JSON.stringify([...ids])],
});

/**
 * Grants of a scope are reused while nothing changed: the key is the connection's total_changes() (every
 * write of this server moves it; reads do not) with data_version (writes of other connections), both read by
 * grant-store.ts's changeStamp, and an entry also ends at the next start or end of one of the subject's
 * permissions. So a user paging and opening their tree pays for the computation once. Nothing read while a
 * transaction is open (a CSV import writing) is kept: it may still be rolled back, and its COMMIT moves no counter.
 */
interface Cached {
  stamp: string;
  until: string;
  grants?: Grants;
  pending?: Promise<Grants>;
  links?: Links;
}
const CACHE_SIZE = 500;
const caches = new WeakMap<DB, Map<string, Cached>>();

/** The scope's current cache entry (a fresh one once a write or a window change made the old one stale). */
function entryOf(db: DB, scope: GrantScope): Cached {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = JSON.stringify([
    scope.subject,
    scope.orgId,
    scope.orgIds ?? null,
    scope.systemUser ?? '',
    !!scope.ungroupSingleAssets,
  ]);
  const stamp = changeStamp(db);
  const now = isoAt(scope.now);
  let entry = cache.get(key);
  if (!entry || entry.stamp !== stamp || entry.until <= now) {
    // '~' = no window change ahead: it sorts after any date.
    entry = { stamp, until: nextWindowChange(db, scope, now) ?? '~' };
    cache.delete(key);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
  }
  return entry;
}

/**
 * What the scope reaches (ids in hostname order) and where it sits in its tree, computed in slices that
 * give the event loop back (a request's way). Concurrent callers of one scope share one computation.
 */
export function grantsOf(db: DB, scope: GrantScope): Promise<Grants> {
  const entry = entryOf(db, scope);
  if (entry.grants) return Promise.resolve(entry.grants);
  entry.pending ??= (async () => {
    const settled = !db.inTransaction;
    try {
      const grants = await runSliced(walkGrants(db, scope));
      // Writes may have landed between slices: then this answer stands, but the next call walks again.
      if (settled && !db.inTransaction && changeStamp(db) === entry.stamp) entry.grants = grants;
      return grants;
    } finally {
      entry.pending = undefined;
    }
  })();
  return entry.pending;
}

/** grantsOf computed at once, for callers that cannot wait (seeds, single-asset checks). */
export function grantsNow(db: DB, scope: GrantScope): Grants {
  const entry = entryOf(db, scope);
  if (entry.grants) return entry.grants;
  const grants = runAtOnce(walkGrants(db, scope));
  if (!db.inTransaction) entry.grants = grants;
  return grants;
}

/** Ids of the active assets the scope may reach, each once, in (hostname, id) order. */
export const grantedAssetIdList = (db: DB, scope: GrantScope): string[] => grantsNow(db, scope).ids;

/** A clause on the assets table's `id`: the active assets the scope may reach. */
export function grantedAssetsClause(db: DB, scope: GrantScope, column = 'id'): Clause {
  return idsClause(grantedAssetIdList(db, scope), column);
}

/** Ids of the active assets the scope may reach, ordered by hostname. */
export const grantedAssetIds = (db: DB, scope: GrantScope): string[] => [...grantedAssetIdList(db, scope)];

/** The user's favourites among `granted` (for `-12`); a group has none. */
export function favoriteIds(db: DB, scope: GrantScope, granted: Set<string>): string[] {
  if (!('user' in scope.subject)) return [];
  const starred = favoriteAssetIds(db, scope.subject.user);
  return starred.filter((id) => granted.has(id));
}

/**
 * The system users the scope may use on one asset, ordered by priority then name, each with the OR of
 * the actions of the permissions that grant it there; only protocols the asset offers.
 */
export function grantedSystemUsers(db: DB, scope: GrantScope, assetId: string): GrantedSystemUser[] {
  const asset = assetProtocolsAndActive(db, assetId);
  if (!asset?.is_active) return [];
  const nodeKeys = assetNodeKeys(db, assetId);
  const actions = systemUserActions(linksOf(db, scope), assetId, nodeKeys);
  if (!actions.size) return [];
  const rows = grantedSystemUserColumns(db, [...actions.keys()]) as Omit<GrantedSystemUser, 'actions'>[];
  const offered = offeredProtocols(asset.protocols);
  return rows
    .filter((row) => offered.has(row.protocol))
    .map((row) => ({ ...row, actions: actions.get(row.id)! }))
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
}

/** The protocol names of an asset's `protocols` column (`ssh/22 rdp/3389` → ssh, rdp). */
export const offeredProtocols = (protocols: string): Set<string> =>
  new Set(
    protocols
      .split(/\s+/)
      .map((entry) => entry.split('/')[0])
      .filter(Boolean),
  );

/** The scope's permissions naming the asset or a node on the way up from one of its nodes. */
export function assetPermissions(links: Links, assetId: string, nodeKeys: string[]): Set<string> {
  const permissions = new Set(links.byAsset.get(assetId));
  for (const key of nodeKeys.flatMap(keyPath))
    for (const permission of links.byNodeKey.get(key) ?? []) permissions.add(permission);
  return permissions;
}

/** System user → OR of the actions of `permissions` granting it. */
export function actionsOf(links: Links, permissions: Iterable<string>): Map<string, number> {
  const actions = new Map<string, number>();
  for (const permission of permissions) {
    for (const systemUser of links.systemUsers.get(permission) ?? [])
      actions.set(systemUser, (actions.get(systemUser) ?? 0) | links.actions.get(permission)!);
  }
  return actions;
}

const systemUserActions = (links: Links, assetId: string, nodeKeys: string[]) =>
  actionsOf(links, assetPermissions(links, assetId, nodeKeys));

/** The scope's valid permissions as lookups, reused like its grants. */
export function linksOf(db: DB, scope: GrantScope): Links {
  const entry = entryOf(db, scope);
  if (entry.links) return entry.links;
  const links = computeLinks(db, scope);
  if (!db.inTransaction) entry.links = links;
  return links;
}

/** The scope's valid permissions as lookups: by node key, by single asset; their actions and system users. */
export interface Links {
  byNodeKey: Map<string, string[]>;
  byAsset: Map<string, string[]>;
  actions: Map<string, number>;
  systemUsers: Map<string, string[]>;
}

function computeLinks(db: DB, scope: GrantScope): Links {
  const group = (rows: [string, string][], keyFirst: boolean) => {
    const map = new Map<string, string[]>();
    for (const [a, b] of rows) {
      const [key, value] = keyFirst ? [a, b] : [b, a];
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    }
    return map;
  };
  return {
    actions: new Map(validPermissionActions(db, scope)),
    byNodeKey: group(validPermissionPairs(db, scope, 'nodeKeys'), true),
    byAsset: group(validPermissionPairs(db, scope, 'assets'), true),
    systemUsers: group(validPermissionPairs(db, scope, 'systemUsers'), true),
  };
}

/** A clause on users' `id`: everyone one permission names, directly or as a member of its groups. */
export function permissionUsersClause(permissionId: string, column = 'id'): Clause {
  return {
    sql: `${column} IN (SELECT user_id FROM asset_permission_users WHERE permission_id = ?
      UNION SELECT ug.user_id FROM asset_permission_user_groups pg JOIN user_group_users ug ON ug.group_id = pg.usergroup_id WHERE pg.permission_id = ?)`,
    params: [permissionId, permissionId],
  };
}

/** A clause on assets' `id`: every asset one permission names, directly or in the subtree of its nodes. */
export function permissionAssetsClause(permissionId: string, column = 'id'): Clause {
  return {
    sql: `${column} IN (SELECT asset_id FROM asset_permission_assets WHERE permission_id = ?
      UNION SELECT an.asset_id FROM asset_permission_nodes pn JOIN nodes r ON r.id = pn.node_id
        JOIN nodes n ON ${IN_SUBTREE('n', 'r')} JOIN asset_nodes an ON an.node_id = n.id WHERE pn.permission_id = ?)`,
    params: [permissionId, permissionId],
  };
}
