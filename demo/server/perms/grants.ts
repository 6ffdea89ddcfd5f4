// The grant engine (§3): the one place that decides who may reach what, as whom. A grant is
// (users ∪ members of user groups) × (assets ∪ assets in the subtree of each node) × system users,
// counted only while the permission is active and inside its window, for active assets only; a
// system user serves an asset only over a protocol the asset offers. Every granted-resource endpoint
// is a thin call into these functions (perms/granted-routes.ts); they return SQL clauses where the
// caller pages and searches (the engine's list), rows elsewhere.
import { keyPath } from '../assets/node-tree.ts';
import type { DB } from '../db/open.ts';
import type { Clause } from '../engine/types.ts';
import { stmt } from '../lib/statements.ts';
import { isoAt } from '../lib/time.ts';

/** Whose grants: a user (directly and through their groups) or one group's own permissions. */
export type Subject = { user: string } | { group: string };

export interface GrantScope {
  subject: Subject;
  /** The stored org id to look in ('' = DEFAULT); null = every org ("my" endpoints run in ROOT). */
  orgId: string | null;
  now: number;
  /** Only permissions that include this system user (the `system_user=` parameter). */
  systemUser?: string;
  /** PERM_SINGLE_ASSET_TO_UNGROUP_NODE: assets granted one by one sit under `-10` instead of their nodes. */
  ungroupSingleAssets?: boolean;
}

export interface GrantedSystemUser {
  id: string; name: string; username: string; priority: number; protocol: string; login_mode: string;
  sftp_root: string; username_same_with_user: number;
  /** The OR of the actions of every valid permission granting this system user on the asset. */
  actions: number;
}

/** Keys of the special nodes of a user tree (2.3's Node.ungrouped_key / favorite_key). */
export const UNGROUPED_KEY = '-10';
export const FAVORITE_KEY = '-12';

// A node's subtree is its key and every key under `<key>:`. ';' follows ':' in ASCII, so the range
// [key:, key;) holds exactly the descendants and lets SQLite walk the unique index on nodes.key.
const IN_SUBTREE = (node: string, root: string) =>
  `(${node}.key = ${root}.key OR (${node}.key >= ${root}.key || ':' AND ${node}.key < ${root}.key || ';'))`;

/** The ids of the permissions naming the subject (directly or through their groups), any state; SQL for `IN (…)`. */
function subjectPermissions(scope: GrantScope): Clause {
  if ('group' in scope.subject) return { sql: 'SELECT permission_id FROM asset_permission_user_groups WHERE usergroup_id = ?', params: [scope.subject.group] };
  return {
    sql: `SELECT permission_id FROM asset_permission_users WHERE user_id = ?
      UNION SELECT pg.permission_id FROM user_group_users ug
        JOIN asset_permission_user_groups pg ON pg.usergroup_id = ug.group_id WHERE ug.user_id = ?`,
    params: [scope.subject.user, scope.subject.user],
  };
}

/**
 * The valid permissions of the scope, as a CTE `perms(id, actions)`; parameters in text order. It starts
 * from the subject's own links (and their groups'), so it reads a handful of rows however many
 * permissions the org holds.
 */
function permsCte(scope: GrantScope): Clause {
  const now = isoAt(scope.now);
  const mine = subjectPermissions(scope);
  const params: unknown[] = [...mine.params, now, now];
  let where = `p.id IN (${mine.sql}) AND p.is_active = 1 AND p.date_start <= ? AND p.date_expired > ?`;
  if (scope.orgId !== null) {
    where += ' AND p.org_id = ?';
    params.push(scope.orgId);
  }
  if (scope.systemUser) {
    where += ' AND p.id IN (SELECT permission_id FROM asset_permission_system_users WHERE systemuser_id = ?)';
    params.push(scope.systemUser);
  }
  return { sql: `perms AS MATERIALIZED (SELECT p.id, p.actions FROM asset_permissions p WHERE ${where})`, params };
}

/** `WITH perms, roots, direct`: the valid permissions, the keys of their nodes, their single assets. */
function grantSourcesCte(scope: GrantScope): Clause {
  const perms = permsCte(scope);
  return {
    sql: `WITH ${perms.sql},
      roots AS MATERIALIZED (SELECT DISTINCT n.key FROM asset_permission_nodes pn JOIN nodes n ON n.id = pn.node_id
                             WHERE pn.permission_id IN (SELECT id FROM perms)),
      direct(asset_id) AS MATERIALIZED (SELECT DISTINCT asset_id FROM asset_permission_assets WHERE permission_id IN (SELECT id FROM perms))`,
    params: perms.params,
  };
}

/** Ids of the active assets the scope may reach, each once, in (hostname, id) order. */
function computeAssetIdList(db: DB, scope: GrantScope): string[] {
  const sources = grantSourcesCte(scope);
  return stmt(db, `${sources.sql},
      granted(asset_id) AS (
        SELECT an.asset_id FROM roots r JOIN nodes n ON ${IN_SUBTREE('n', 'r')} JOIN asset_nodes an ON an.node_id = n.id
        UNION SELECT asset_id FROM direct)
    SELECT g.asset_id FROM granted g JOIN assets a ON a.id = g.asset_id WHERE a.is_active = 1
    ORDER BY a.hostname, a.id`).pluck().all(...sources.params) as string[];
}

/** A clause on `column` (an assets id) holding exactly the given ids (one JSON parameter, any length). */
export const idsClause = (ids: Iterable<string>, column = 'id'): Clause =>
  ({ sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify([...ids])] });

/** A clause on the assets table's `id`: the active assets the scope may reach (computed once, here). */
export function grantedAssetsClause(db: DB, scope: GrantScope, column = 'id'): Clause {
  return idsClause(grantedAssetIdList(db, scope), column);
}

/** Ids of the active assets the scope may reach, ordered by hostname. */
export function grantedAssetIds(db: DB, scope: GrantScope): string[] {
  const clause = grantedAssetsClause(db, scope, 'a.id');
  return db.prepare(`SELECT a.id FROM assets a WHERE ${clause.sql} ORDER BY a.hostname, a.id`).pluck().all(...clause.params) as string[];
}

export interface Placement { asset_id: string; key: string }

/**
 * Where each granted asset sits in the scope's tree — every asset in the subtree of a granted node on
 * its node, and each asset granted by itself on each of its own nodes (or on `-10` when ungrouping single
 * assets and no granted node holds it), as 2.3's user tree places them. Active assets only.
 */
function computePlacements(db: DB, scope: GrantScope): Placement[] {
  const sources = grantSourcesCte(scope);
  const single = scope.ungroupSingleAssets
    ? `SELECT d.asset_id, '${UNGROUPED_KEY}' FROM direct d WHERE d.asset_id NOT IN (SELECT asset_id FROM by_node)`
    : 'SELECT d.asset_id, n.key FROM direct d JOIN asset_nodes an ON an.asset_id = d.asset_id JOIN nodes n ON n.id = an.node_id';
  return stmt(db, `${sources.sql},
      by_node(asset_id, key) AS MATERIALIZED (
        SELECT an.asset_id, n.key FROM roots r JOIN nodes n ON ${IN_SUBTREE('n', 'r')} JOIN asset_nodes an ON an.node_id = n.id),
      placed(asset_id, key) AS (SELECT asset_id, key FROM by_node UNION ${single})
    SELECT p.asset_id, p.key FROM placed p JOIN assets a ON a.id = p.asset_id WHERE a.is_active = 1`).all(...sources.params) as Placement[];
}

/**
 * Grants of a scope are reused while nothing changed: the key is the connection's total_changes() (every
 * write of this server moves it; reads do not) with data_version (writes of other connections), and an
 * entry also ends at the next start or end of one of the subject's permissions. So a user paging and
 * opening their tree pays for the computation once.
 */
interface Cached { stamp: string; until: string; ids?: string[]; placements?: Placement[]; links?: Links }
const CACHE_SIZE = 500;
const caches = new WeakMap<DB, Map<string, Cached>>();

function cached<K extends 'ids' | 'placements' | 'links'>(db: DB, scope: GrantScope, kind: K, compute: () => NonNullable<Cached[K]>): NonNullable<Cached[K]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = JSON.stringify([scope.subject, scope.orgId, scope.systemUser ?? '', !!scope.ungroupSingleAssets]);
  const stamp = `${stmt(db, 'SELECT total_changes()').pluck().get()}:${db.pragma('data_version', { simple: true })}`;
  const now = isoAt(scope.now);
  let entry = cache.get(key);
  if (!entry || entry.stamp !== stamp || entry.until <= now) {
    entry = { stamp, until: nextWindowChange(db, scope, now) };
    cache.delete(key);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
  }
  return (entry[kind] ??= compute()) as NonNullable<Cached[K]>;
}

/** The next moment one of the subject's permissions starts or ends ('~' = never: after any date). */
function nextWindowChange(db: DB, scope: GrantScope, now: string): string {
  const mine = subjectPermissions(scope);
  const next = stmt(db, `SELECT MIN(CASE WHEN date_start > ? THEN date_start ELSE date_expired END)
    FROM asset_permissions WHERE id IN (${mine.sql}) AND date_expired > ?`).pluck().get(now, ...mine.params, now) as string | null;
  return next ?? '~';
}

/** Ids of the active assets the scope may reach, each once, in (hostname, id) order. */
export const grantedAssetIdList = (db: DB, scope: GrantScope): string[] => cached(db, scope, 'ids', () => computeAssetIdList(db, scope));

/** Where each granted asset sits in the scope's tree (see computePlacements). */
export const grantedPlacements = (db: DB, scope: GrantScope): Placement[] => cached(db, scope, 'placements', () => computePlacements(db, scope));

/** The user's favourites among `granted` (for `-12`); a group has none. */
export function favoriteIds(db: DB, scope: GrantScope, granted: Set<string>): string[] {
  if (!('user' in scope.subject)) return [];
  const starred = stmt(db, 'SELECT asset FROM favorite_assets WHERE user = ?').pluck().all(scope.subject.user) as string[];
  return starred.filter((id) => granted.has(id));
}

/** Asset ids the tree shows on the node `key` (with `deep`, anywhere in its subtree); `-12` = favourites. */
export function nodeAssetIds(db: DB, scope: GrantScope, placements: Placement[], key: string, deep: boolean): Set<string> {
  if (key === FAVORITE_KEY) return new Set(favoriteIds(db, scope, placedAssets(placements)));
  const under = `${key}:`;
  return new Set(placements.filter((p) => p.key === key || (deep && p.key.startsWith(under))).map((p) => p.asset_id));
}

/**
 * Granted-asset counts of the tree's nodes: with `parentKey`, of the nodes right under it; with null,
 * of the org roots; with 'all', of every node (ancestors included). Nodes without any granted asset
 * are not in the tree, and special keys are left to specialNodeCounts.
 */
export function treeCounts(placements: Placement[], parentKey: string | null | 'all'): Map<string, number> {
  // Placements are reused while the grants do not change (see cached), and so are their counts.
  let memo = countMemo.get(placements);
  if (!memo) countMemo.set(placements, (memo = new Map()));
  const key = String(parentKey);
  let counts = memo.get(key);
  if (!counts) memo.set(key, (counts = countTree(placements, parentKey)));
  return new Map(counts);
}

const countMemo = new WeakMap<Placement[], Map<string, Map<string, number>>>();
const assetSets = new WeakMap<Placement[], Set<string>>();

/** The distinct asset ids of some placements (memoized like the counts). */
export function placedAssets(placements: Placement[]): Set<string> {
  let set = assetSets.get(placements);
  if (!set) assetSets.set(placements, (set = new Set(placements.map((p) => p.asset_id))));
  return set;
}

function countTree(placements: Placement[], parentKey: string | null | 'all'): Map<string, number> {
  const sets = new Map<string, Set<string>>();
  const add = (key: string, asset: string) => {
    let set = sets.get(key);
    if (!set) sets.set(key, (set = new Set()));
    set.add(asset);
  };
  const prefix = parentKey === null || parentKey === 'all' ? '' : `${parentKey}:`;
  for (const { asset_id: asset, key } of placements) {
    if (key.startsWith('-')) continue;
    if (parentKey === 'all') {
      for (let i = key.indexOf(':'); i !== -1; i = key.indexOf(':', i + 1)) add(key.slice(0, i), asset);
      add(key, asset);
    } else if (key.startsWith(prefix)) {
      const end = key.indexOf(':', prefix.length);
      add(end === -1 ? key : key.slice(0, end), asset);
    }
  }
  return new Map([...sets].map(([key, set]) => [key, set.size]));
}

/** Granted assets on the special nodes: `-10` (when ungrouping) and, for a user, `-12` (favourites ∩ granted). */
export function specialNodeCounts(db: DB, scope: GrantScope, placements: Placement[]): { key: string; amount: number }[] {
  const out: { key: string; amount: number }[] = [];
  const ungrouped = new Set(placements.filter((p) => p.key === UNGROUPED_KEY).map((p) => p.asset_id));
  if (ungrouped.size) out.push({ key: UNGROUPED_KEY, amount: ungrouped.size });
  if ('user' in scope.subject) out.push({ key: FAVORITE_KEY, amount: favoriteIds(db, scope, placedAssets(placements)).length });
  return out;
}

/**
 * The system users the scope may use on one asset, ordered by priority then name, each with the OR of
 * the actions of the permissions that grant it there; only protocols the asset offers.
 */
export function grantedSystemUsers(db: DB, scope: GrantScope, assetId: string): GrantedSystemUser[] {
  const asset = stmt(db, 'SELECT protocols, is_active FROM assets WHERE id = ?').get(assetId) as { protocols: string; is_active: number } | undefined;
  if (!asset?.is_active) return [];
  const links = cached(db, scope, 'links', () => computeLinks(db, scope));
  // The permissions naming the asset, or a node on the way up from one of its nodes.
  const keys = (stmt(db, 'SELECT n.key FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE an.asset_id = ?').pluck().all(assetId) as string[]).flatMap(keyPath);
  const permissions = new Set([...(links.byAsset.get(assetId) ?? []), ...keys.flatMap((key) => links.byNodeKey.get(key) ?? [])]);
  const actions = new Map<string, number>();
  for (const permission of permissions) {
    for (const systemUser of links.systemUsers.get(permission) ?? []) actions.set(systemUser, (actions.get(systemUser) ?? 0) | links.actions.get(permission)!);
  }
  if (!actions.size) return [];
  const rows = stmt(db, `SELECT id, name, username, priority, protocol, login_mode, sftp_root, username_same_with_user
    FROM system_users WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...actions.keys()])) as Omit<GrantedSystemUser, 'actions'>[];
  const offered = new Set(asset.protocols.split(/\s+/).map((entry) => entry.split('/')[0]).filter(Boolean));
  return rows.filter((row) => offered.has(row.protocol)).map((row) => ({ ...row, actions: actions.get(row.id)! }))
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
}

/** The scope's valid permissions as lookups: by node key, by single asset; their actions and system users. */
interface Links { byNodeKey: Map<string, string[]>; byAsset: Map<string, string[]>; actions: Map<string, number>; systemUsers: Map<string, string[]> }

function computeLinks(db: DB, scope: GrantScope): Links {
  const perms = permsCte(scope);
  const pairs = (sql: string) => stmt(db, `WITH ${perms.sql} ${sql}`).raw().all(...perms.params) as [string, string][];
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
    actions: new Map(stmt(db, `WITH ${perms.sql} SELECT id, actions FROM perms`).raw().all(...perms.params) as [string, number][]),
    byNodeKey: group(pairs('SELECT n.key, pn.permission_id FROM asset_permission_nodes pn JOIN nodes n ON n.id = pn.node_id WHERE pn.permission_id IN (SELECT id FROM perms)'), true),
    byAsset: group(pairs('SELECT asset_id, permission_id FROM asset_permission_assets WHERE permission_id IN (SELECT id FROM perms)'), true),
    systemUsers: group(pairs('SELECT permission_id, systemuser_id FROM asset_permission_system_users WHERE permission_id IN (SELECT id FROM perms)'), true),
  };
}

/** A clause on system_users' `id`: the system users of the scope's valid permissions. */
export function grantedSystemUsersClause(scope: GrantScope, column = 'id'): Clause {
  const perms = permsCte(scope);
  return {
    sql: `${column} IN (WITH ${perms.sql} SELECT systemuser_id FROM asset_permission_system_users WHERE permission_id IN (SELECT id FROM perms))`,
    params: perms.params,
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
