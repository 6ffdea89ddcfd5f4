// The grant engine (§3): the one place that decides who may reach what, as whom. A grant is
// (users ∪ members of user groups) × (assets ∪ assets in the subtree of each node) × system users,
// counted only while the permission is active and inside its window, for active assets only; a
// system user serves an asset only over a protocol the asset offers. Every granted-resource endpoint
// is a thin call into these functions.
import type { DB } from '../db/open.ts';
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
}

export interface GrantedSystemUser {
  id: string; name: string; username: string; priority: number; protocol: string; login_mode: string;
  sftp_root: string; username_same_with_user: number;
  /** The OR of the actions of every valid permission granting this system user on the asset. */
  actions: number;
}

// A node's subtree is its key and every key under `<key>:`. ';' follows ':' in ASCII, so the range
// [key:, key;) holds exactly the descendants and lets SQLite walk the unique index on nodes.key.
const IN_SUBTREE = (node: string, root: string) =>
  `(${node}.key = ${root}.key OR (${node}.key >= ${root}.key || ':' AND ${node}.key < ${root}.key || ';'))`;

/** The valid permissions of the scope, as a SQL fragment selecting `id, actions` (named `perms`). */
function permsCte(scope: GrantScope): { sql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { now: isoAt(scope.now) };
  const who = 'user' in scope.subject
    ? `(p.id IN (SELECT permission_id FROM asset_permission_users WHERE user_id = @subject)
        OR p.id IN (SELECT pg.permission_id FROM asset_permission_user_groups pg
                    JOIN user_group_users ug ON ug.group_id = pg.usergroup_id WHERE ug.user_id = @subject))`
    : 'p.id IN (SELECT permission_id FROM asset_permission_user_groups WHERE usergroup_id = @subject)';
  params.subject = 'user' in scope.subject ? scope.subject.user : scope.subject.group;
  let where = `p.is_active = 1 AND p.date_start <= @now AND p.date_expired > @now AND ${who}`;
  if (scope.orgId !== null) {
    where += ' AND p.org_id = @org';
    params.org = scope.orgId;
  }
  if (scope.systemUser) {
    where += ' AND p.id IN (SELECT permission_id FROM asset_permission_system_users WHERE systemuser_id = @systemUser)';
    params.systemUser = scope.systemUser;
  }
  return { sql: `perms AS (SELECT p.id, p.actions FROM asset_permissions p WHERE ${where})`, params };
}

/** `granted(asset_id)`: every asset the scope reaches, active or not (callers filter). */
function grantedCte(scope: GrantScope): { sql: string; params: Record<string, unknown> } {
  const perms = permsCte(scope);
  return {
    sql: `WITH ${perms.sql},
      granted_roots AS (SELECT DISTINCT n.key FROM asset_permission_nodes pn JOIN nodes n ON n.id = pn.node_id
                        WHERE pn.permission_id IN (SELECT id FROM perms)),
      granted(asset_id) AS (
        SELECT asset_id FROM asset_permission_assets WHERE permission_id IN (SELECT id FROM perms)
        UNION
        SELECT an.asset_id FROM granted_roots r JOIN nodes n ON ${IN_SUBTREE('n', 'r')} JOIN asset_nodes an ON an.node_id = n.id
      )`,
    params: perms.params,
  };
}

/** Ids of the active assets the scope may reach. */
export function grantedAssetIds(db: DB, scope: GrantScope): string[] {
  const { sql, params } = grantedCte(scope);
  return db.prepare(`${sql} SELECT a.id FROM assets a JOIN granted g ON g.asset_id = a.id WHERE a.is_active = 1 ORDER BY a.hostname, a.id`)
    .pluck().all(params) as string[];
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
      on_asset AS (
        SELECT id, actions FROM perms WHERE id IN (SELECT permission_id FROM asset_permission_assets WHERE asset_id = @asset)
        UNION
        SELECT id, actions FROM perms WHERE id IN (
          SELECT pn.permission_id FROM asset_permission_nodes pn JOIN nodes r ON r.id = pn.node_id
          WHERE pn.permission_id IN (SELECT id FROM perms) AND EXISTS (
            SELECT 1 FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE an.asset_id = @asset AND ${IN_SUBTREE('n', 'r')}))
      )
    SELECT s.id, s.name, s.username, s.priority, s.protocol, s.login_mode, s.sftp_root, s.username_same_with_user, o.actions
    FROM on_asset o JOIN asset_permission_system_users ps ON ps.permission_id = o.id JOIN system_users s ON s.id = ps.systemuser_id`)
    .all({ ...perms.params, asset: assetId }) as GrantedSystemUser[];
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
