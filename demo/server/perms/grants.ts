// The grant engine (§3): the one place that decides who may reach what, as whom. A grant is
// (users ∪ members of user groups) × (assets ∪ assets in the subtree of each node) × system users,
// counted only while the permission is active and inside its window, for active assets only; a
// system user serves an asset only over a protocol the asset offers. Every granted-resource endpoint
// is a thin call into these functions (perms/granted-routes.ts); they return SQL clauses where the
// caller pages and searches (the engine's list), rows elsewhere.
import type { DB } from '../db/open.ts';
import type { Clause } from '../engine/types.ts';
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

/** The valid permissions of the scope, as a CTE `perms(id, actions)`; parameters in text order. */
function permsCte(scope: GrantScope): Clause {
  const now = isoAt(scope.now);
  const params: unknown[] = [now, now];
  let who: string;
  if ('user' in scope.subject) {
    who = `(p.id IN (SELECT permission_id FROM asset_permission_users WHERE user_id = ?)
        OR p.id IN (SELECT pg.permission_id FROM asset_permission_user_groups pg
                    JOIN user_group_users ug ON ug.group_id = pg.usergroup_id WHERE ug.user_id = ?))`;
    params.push(scope.subject.user, scope.subject.user);
  } else {
    who = 'p.id IN (SELECT permission_id FROM asset_permission_user_groups WHERE usergroup_id = ?)';
    params.push(scope.subject.group);
  }
  let where = `p.is_active = 1 AND p.date_start <= ? AND p.date_expired > ? AND ${who}`;
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

/**
 * `WITH … placed(asset_id, key)`: where each granted asset sits in the scope's tree — every asset in the
 * subtree of a granted node on its node, and each asset granted by itself on each of its own nodes (or
 * on `-10` when ungrouping single assets and no granted node holds it), as 2.3's user tree places them.
 * Inactive assets are left out.
 */
function placedCte(scope: GrantScope): Clause {
  const perms = permsCte(scope);
  const single = scope.ungroupSingleAssets
    ? `SELECT d.asset_id, '${UNGROUPED_KEY}' FROM direct d WHERE d.asset_id NOT IN (SELECT asset_id FROM by_node)`
    : 'SELECT d.asset_id, n.key FROM direct d JOIN asset_nodes an ON an.asset_id = d.asset_id JOIN nodes n ON n.id = an.node_id';
  return {
    sql: `WITH ${perms.sql},
      roots AS (SELECT DISTINCT n.key FROM asset_permission_nodes pn JOIN nodes n ON n.id = pn.node_id
                WHERE pn.permission_id IN (SELECT id FROM perms)),
      by_node(asset_id, key) AS MATERIALIZED (
        SELECT an.asset_id, n.key FROM roots r JOIN nodes n ON ${IN_SUBTREE('n', 'r')} JOIN asset_nodes an ON an.node_id = n.id),
      direct(asset_id) AS (SELECT DISTINCT asset_id FROM asset_permission_assets WHERE permission_id IN (SELECT id FROM perms)),
      placed(asset_id, key) AS MATERIALIZED (
        SELECT p.asset_id, p.key FROM (SELECT asset_id, key FROM by_node UNION ${single}) p
        JOIN assets a ON a.id = p.asset_id WHERE a.is_active = 1)`,
    params: perms.params,
  };
}

/** A clause on the assets table's `id`: the active assets the scope may reach. */
export function grantedAssetsClause(scope: GrantScope, column = 'id'): Clause {
  const placed = placedCte(scope);
  return { sql: `${column} IN (${placed.sql} SELECT asset_id FROM placed)`, params: placed.params };
}

/** Ids of the active assets the scope may reach. */
export function grantedAssetIds(db: DB, scope: GrantScope): string[] {
  const clause = grantedAssetsClause(scope, 'a.id');
  return db.prepare(`SELECT a.id FROM assets a WHERE ${clause.sql} ORDER BY a.hostname, a.id`).pluck().all(...clause.params) as string[];
}

/**
 * A clause on the assets table's `id`: the granted assets the tree shows on the node with `key` (with
 * `deep`, anywhere in its subtree); `-12` = the user's favourites among the granted assets.
 */
export function nodeAssetsClause(scope: GrantScope, key: string, deep: boolean, column = 'id'): Clause {
  const placed = placedCte(scope);
  if (key === FAVORITE_KEY) {
    const user = 'user' in scope.subject ? scope.subject.user : '';
    return {
      sql: `${column} IN (${placed.sql} SELECT asset_id FROM placed WHERE asset_id IN (SELECT asset FROM favorite_assets WHERE user = ?))`,
      params: [...placed.params, user],
    };
  }
  const where = deep && !key.startsWith('-') ? '(key = ? OR (key >= ? AND key < ?))' : 'key = ?';
  const params = deep && !key.startsWith('-') ? [key, `${key}:`, `${key};`] : [key];
  return { sql: `${column} IN (${placed.sql} SELECT asset_id FROM placed WHERE ${where})`, params: [...placed.params, ...params] };
}

/**
 * The nodes of the scope's tree right under `parentKey` (null = the org roots) with the number of
 * distinct granted assets in each one's subtree; nodes without any granted asset are not in the tree.
 */
export function grantedChildCounts(db: DB, scope: GrantScope, parentKey: string | null): Map<string, number> {
  const placed = placedCte(scope);
  // The child of parentKey that a placed key lies under: its key cut after the next segment.
  const rest = parentKey === null ? 'key' : `substr(key, ${parentKey.length + 2})`;
  const prefix = parentKey === null ? '' : `${parentKey.length + 1}`;
  const child = parentKey === null
    ? `CASE WHEN instr(key, ':') = 0 THEN key ELSE substr(key, 1, instr(key, ':') - 1) END`
    : `CASE WHEN instr(${rest}, ':') = 0 THEN key ELSE substr(key, 1, ${prefix} + instr(${rest}, ':') - 1) END`;
  const range = parentKey === null ? "key NOT LIKE '-%'" : 'key >= ? AND key < ?';
  const rows = db.prepare(`${placed.sql}
    SELECT ${child} AS child, COUNT(DISTINCT asset_id) AS amount FROM placed WHERE ${range} GROUP BY child`)
    .all(...placed.params, ...(parentKey === null ? [] : [`${parentKey}:`, `${parentKey};`])) as { child: string; amount: number }[];
  return new Map(rows.map((row) => [row.child, row.amount]));
}

/** Every node of the scope's tree (ancestors of every placed asset's node) with its granted-asset count. */
export function grantedNodeCounts(db: DB, scope: GrantScope): Map<string, number> {
  const placed = placedCte(scope);
  const rows = db.prepare(`${placed.sql} SELECT key, asset_id FROM placed WHERE key NOT LIKE '-%'`).all(...placed.params) as { key: string; asset_id: string }[];
  const sets = new Map<string, Set<string>>();
  for (const row of rows) {
    const parts = row.key.split(':');
    for (let i = 1; i <= parts.length; i += 1) {
      const key = parts.slice(0, i).join(':');
      let set = sets.get(key);
      if (!set) sets.set(key, (set = new Set()));
      set.add(row.asset_id);
    }
  }
  return new Map([...sets].map(([key, set]) => [key, set.size]));
}

/** Every (asset, node key) placement of the scope's tree, for the trees that list assets under nodes. */
export function grantedPlacements(db: DB, scope: GrantScope): { asset_id: string; key: string }[] {
  const placed = placedCte(scope);
  return db.prepare(`${placed.sql} SELECT asset_id, key FROM placed`).all(...placed.params) as { asset_id: string; key: string }[];
}

/** Granted assets on the special nodes: `-10` (when ungrouping) and, for a user, `-12` (favourites ∩ granted). */
export function specialNodeCounts(db: DB, scope: GrantScope): { key: string; amount: number }[] {
  const out: { key: string; amount: number }[] = [];
  if (scope.ungroupSingleAssets) {
    const placed = placedCte(scope);
    const amount = db.prepare(`${placed.sql} SELECT COUNT(DISTINCT asset_id) FROM placed WHERE key = '${UNGROUPED_KEY}'`).pluck().get(...placed.params) as number;
    if (amount) out.push({ key: UNGROUPED_KEY, amount });
  }
  if ('user' in scope.subject) {
    const favorites = nodeAssetsClause(scope, FAVORITE_KEY, false, 'asset');
    const amount = db.prepare(`SELECT COUNT(*) FROM favorite_assets WHERE user = ? AND ${favorites.sql}`).pluck().get(scope.subject.user, ...favorites.params) as number;
    out.push({ key: FAVORITE_KEY, amount });
  }
  return out;
}

/**
 * The system users the scope may use on one asset, ordered by priority then name, each with the OR of
 * the actions of the permissions that grant it there; only protocols the asset offers.
 */
export function grantedSystemUsers(db: DB, scope: GrantScope, assetId: string): GrantedSystemUser[] {
  const perms = permsCte(scope);
  const asset = db.prepare('SELECT protocols, is_active FROM assets WHERE id = ?').get(assetId) as { protocols: string; is_active: number } | undefined;
  if (!asset?.is_active) return [];
  const rows = db.prepare(`WITH ${perms.sql},
      asset_keys AS (SELECT n.key FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE an.asset_id = ?),
      on_asset AS (
        SELECT id, actions FROM perms WHERE id IN (SELECT permission_id FROM asset_permission_assets WHERE asset_id = ?)
        UNION
        SELECT id, actions FROM perms WHERE id IN (
          SELECT pn.permission_id FROM asset_permission_nodes pn JOIN nodes r ON r.id = pn.node_id
          WHERE pn.permission_id IN (SELECT id FROM perms) AND EXISTS (SELECT 1 FROM asset_keys n WHERE ${IN_SUBTREE('n', 'r')}))
      )
    SELECT s.id, s.name, s.username, s.priority, s.protocol, s.login_mode, s.sftp_root, s.username_same_with_user, o.actions
    FROM on_asset o JOIN asset_permission_system_users ps ON ps.permission_id = o.id JOIN system_users s ON s.id = ps.systemuser_id`)
    .all(...perms.params, assetId, assetId) as GrantedSystemUser[];
  const offered = new Set(asset.protocols.split(/\s+/).map((entry) => entry.split('/')[0]).filter(Boolean));
  const merged = new Map<string, GrantedSystemUser>();
  for (const row of rows) {
    if (!offered.has(row.protocol)) continue;
    const seen = merged.get(row.id);
    if (seen) seen.actions |= row.actions;
    else merged.set(row.id, { ...row });
  }
  return [...merged.values()].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
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
