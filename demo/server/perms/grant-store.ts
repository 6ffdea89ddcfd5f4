// What the grant engine (grants.ts, grant-walk.ts) reads of the asset permissions and their link tables: the
// valid permissions of a scope (grant-rules.ts's permsCte) with their actions and links, the next change of
// their windows, and the connection's write counters its cache is keyed by. Reads only: the permissions are
// written by permission-store.ts and the engine.
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';
import { permsCte, subjectPermissions, type GrantScope } from './grant-rules.ts';

/**
 * The connection's total_changes() (every write of this server moves it; reads do not) with data_version
 * (writes of other connections): equal stamps mean nothing was written in between.
 */
export const changeStamp = (db: DB): string =>
  `${db.prepare('SELECT total_changes()').pluck().get()}:${db.pragma('data_version', { simple: true })}`;

/** The next moment one of the subject's permissions starts or ends after `now` (ISO); null = never. */
export function nextWindowChange(db: DB, scope: GrantScope, now: string): string | null {
  const mine = subjectPermissions(scope);
  return db
    .prepare(
      `SELECT MIN(CASE WHEN date_start > ? THEN date_start ELSE date_expired END)
    FROM asset_permissions WHERE id IN (${mine.sql}) AND date_expired > ?`,
    )
    .pluck()
    .get(now, ...mine.params, now) as string | null;
}

/** The ids of the scope's valid permissions (a few hundred at most for one subject). */
export function validPermissionIds(db: DB, scope: GrantScope): string[] {
  const perms = permsCte(scope);
  return db
    .prepare(`WITH ${perms.sql} SELECT id FROM perms ORDER BY id`)
    .pluck()
    .all(...perms.params) as string[];
}

/** `[id, actions]` of the scope's valid permissions. */
export function validPermissionActions(db: DB, scope: GrantScope): [string, number][] {
  const perms = permsCte(scope);
  return db
    .prepare(`WITH ${perms.sql} SELECT id, actions FROM perms`)
    .raw()
    .all(...perms.params) as [string, number][];
}

// The links of the valid permissions as pairs: `[node key, permission]`, `[asset, permission]` and
// `[permission, system user]` (grants.ts groups them into its lookups).
const VALID_LINK_PAIRS = {
  nodeKeys:
    'SELECT n.key, pn.permission_id FROM asset_permission_nodes pn JOIN nodes n ON n.id = pn.node_id WHERE pn.permission_id IN (SELECT id FROM perms)',
  assets: 'SELECT asset_id, permission_id FROM asset_permission_assets WHERE permission_id IN (SELECT id FROM perms)',
  systemUsers:
    'SELECT permission_id, systemuser_id FROM asset_permission_system_users WHERE permission_id IN (SELECT id FROM perms)',
} as const;

export function validPermissionPairs(
  db: DB,
  scope: GrantScope,
  link: keyof typeof VALID_LINK_PAIRS,
): [string, string][] {
  const perms = permsCte(scope);
  return db
    .prepare(`WITH ${perms.sql} ${VALID_LINK_PAIRS[link]}`)
    .raw()
    .all(...perms.params) as [string, string][];
}

/** Every column of the system users of the scope's valid permissions, by priority, name and id. */
export function grantedSystemUserRows(db: DB, scope: GrantScope): Row[] {
  const perms = permsCte(scope);
  return db
    .prepare(
      `SELECT * FROM system_users WHERE id IN (WITH ${perms.sql} SELECT systemuser_id FROM asset_permission_system_users WHERE permission_id IN (SELECT id FROM perms)) ORDER BY priority, name, id`,
    )
    .all(...perms.params) as Row[];
}

/** The distinct keys of the nodes the permissions name. */
export function permissionNodeKeys(db: DB, permissionIds: readonly string[]): string[] {
  return db
    .prepare(
      `SELECT DISTINCT n.key FROM asset_permission_nodes pn JOIN nodes n ON n.id = pn.node_id
    WHERE pn.permission_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck()
    .all(JSON.stringify(permissionIds)) as string[];
}

/** `[permission, asset]` of the permissions' single assets, at most `limit` rows (grant-walk.ts pages on it). */
export function permissionAssetPairs(db: DB, permissionIds: readonly string[], limit: number): [string, string][] {
  return db
    .prepare(
      'SELECT permission_id, asset_id FROM asset_permission_assets WHERE permission_id IN (SELECT value FROM json_each(?)) LIMIT ?',
    )
    .raw()
    .all(JSON.stringify(permissionIds), limit) as [string, string][];
}

/** One permission's single assets after `after`, in id order, `limit` at a time. */
export function permissionAssetsAfter(db: DB, permissionId: string, after: string, limit: number): string[] {
  return db
    .prepare(
      'SELECT asset_id FROM asset_permission_assets WHERE permission_id = ? AND asset_id > ? ORDER BY asset_id LIMIT ?',
    )
    .pluck()
    .all(permissionId, after, limit) as string[];
}
