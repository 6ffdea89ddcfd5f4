// What a task reads of the inventory: the assets it works on (in the shape the task code takes, AssetRow), the
// accounts it logs in with (admin users, system users, asset users, gateways; credentials still sealed, opened by
// the caller with core/secrets/sealed-columns.ts), and the rows a task-starting endpoint looks up in the caller's
// org. The tables are written elsewhere (their resources, assets/*-store.ts); these statements are shaped by the
// task code's rows, so they live next to it.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { andInOrg } from '../core/orgs/current-org.ts';
import { subtreeClause } from '../assets/node-tree.ts';

export interface AssetRow {
  id: string;
  hostname: string;
  ip: string;
  protocols: string;
  is_active: number;
  admin_user: string | null;
  domain: string | null;
}

export interface CredentialRow {
  username: string;
  password: string;
  private_key: string;
}

export interface GatewayRow extends CredentialRow {
  name: string;
  ip: string;
  port: number;
}

const ASSET_COLUMNS = 'a.id, a.hostname, a.ip, a.protocols, a.is_active, a.admin_user, a.domain';

export function assetsByIds(db: DB, ids: string[]): AssetRow[] {
  if (!ids.length) return [];
  // One JSON parameter: a system user may reach more assets than SQLite takes variables.
  return db
    .prepare(`SELECT ${ASSET_COLUMNS} FROM assets a WHERE a.id IN (SELECT value FROM json_each(?)) ORDER BY a.hostname`)
    .all(JSON.stringify(ids)) as AssetRow[];
}

export function assetsOfAdminUser(db: DB, adminUserId: string): AssetRow[] {
  return db
    .prepare(`SELECT ${ASSET_COLUMNS} FROM assets a WHERE a.admin_user = ? ORDER BY a.hostname`)
    .all(adminUserId) as AssetRow[];
}

/** Assets on the node or any descendant (keys `k` and `k:...`, an index range). */
export function assetsUnderNode(db: DB, nodeKey: string): AssetRow[] {
  return db
    .prepare(
      `SELECT DISTINCT ${ASSET_COLUMNS} FROM nodes n JOIN asset_nodes an ON an.node_id = n.id
      JOIN assets a ON a.id = an.asset_id
    WHERE n.org_id = (SELECT org_id FROM nodes WHERE key = ?) AND (n.key = ? OR (n.key >= ? AND n.key < ?))
    ORDER BY a.hostname`,
    )
    .all(nodeKey, nodeKey, `${nodeKey}:`, `${nodeKey};`) as AssetRow[];
}

/** The ids of the assets on the node of that key or any descendant (an auto push over a linked node). */
export function subtreeAssetIds(db: DB, nodeKey: string): string[] {
  const range = subtreeClause('n.key', nodeKey);
  return db
    .prepare(`SELECT DISTINCT an.asset_id FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE ${range.sql}`)
    .pluck()
    .all(...range.params) as string[];
}

/**
 * Per org (but ROOT), the first node under its root that holds assets: the demo's hardware refresh
 * (ops/demo-runs.ts). SQLite takes the bare columns of a MIN() row from that row.
 */
export function firstNodesWithAssets(db: DB, rootOrgId: string): { key: string; value: string; org_id: string }[] {
  return db
    .prepare(
      `SELECT MIN(n.key) AS key, n.value, n.org_id FROM nodes n WHERE n.key LIKE '%:%' AND n.org_id != ?
    AND EXISTS (SELECT 1 FROM asset_nodes an WHERE an.node_id = n.id) GROUP BY n.org_id`,
    )
    .all(rootOrgId) as { key: string; value: string; org_id: string }[];
}

/** Every admin user, by org and name (the demo tests each one's connectivity: ops/demo-runs.ts). */
export function allAdminUsers(db: DB): { id: string; name: string; org_id: string }[] {
  return db.prepare('SELECT id, name, org_id FROM admin_users ORDER BY org_id, name').all() as {
    id: string;
    name: string;
    org_id: string;
  }[];
}

/** The admin user's login, sealed. */
export function adminUserLogin(db: DB, adminUserId: string): CredentialRow | undefined {
  return db.prepare('SELECT username, password, private_key FROM admin_users WHERE id = ?').get(adminUserId) as
    CredentialRow | undefined;
}

/** The domain's first active SSH gateway by name, sealed. */
export function activeGatewayRow(db: DB, domainId: string): GatewayRow | undefined {
  return db
    .prepare(
      `SELECT name, ip, port, username, password, private_key FROM gateways
    WHERE domain = ? AND is_active = 1 AND protocol = 'ssh' ORDER BY name LIMIT 1`,
    )
    .get(domainId) as GatewayRow | undefined;
}

/** An asset user's secrets, sealed. */
export function assetUserSecrets(db: DB, assetUserId: string): { password: string; private_key: string } {
  return db.prepare('SELECT password, private_key FROM asset_users WHERE id = ?').get(assetUserId) as {
    password: string;
    private_key: string;
  };
}

/** The asset users of an asset-user test, by hostname and username. */
export function assetUsersByIds(
  db: DB,
  ids: readonly string[],
): { id: string; asset: string; username: string; hostname: string; ip: string }[] {
  return db
    .prepare(
      'SELECT id, asset, username, hostname, ip FROM asset_users WHERE id IN (SELECT value FROM json_each(?)) ORDER BY hostname, username',
    )
    .all(JSON.stringify(ids)) as { id: string; asset: string; username: string; hostname: string; ip: string }[];
}

/** A system user's account as a push creates it (push-work.ts names it PushSystemUser). */
export interface PushedAccountRow {
  id: string;
  name: string;
  username: string;
  username_same_with_user: number;
  password: string;
  public_key: string;
  shell: string;
  home: string;
  system_groups: string;
  sudo: string;
}

/** What a system user's test or push logs in or pushes with (a job run again: tasks/jobs.ts), sealed. */
export function systemUserAccount(db: DB, id: string): (PushedAccountRow & CredentialRow) | undefined {
  return db
    .prepare(
      'SELECT id, name, username, password, private_key, public_key, username_same_with_user, shell, home, system_groups, sudo FROM system_users WHERE id = ?',
    )
    .get(id) as (PushedAccountRow & CredentialRow) | undefined;
}

/** What an auto push needs of a system user (tasks/auto-push.ts), sealed. */
export function systemUserToPush(
  db: DB,
  id: string,
): (PushedAccountRow & { auto_push: number; login_mode: string }) | undefined {
  return db
    .prepare(
      'SELECT id, name, username, username_same_with_user, password, public_key, shell, home, system_groups, sudo, auto_push, login_mode FROM system_users WHERE id = ?',
    )
    .get(id) as (PushedAccountRow & { auto_push: number; login_mode: string }) | undefined;
}

/** The rows a task-starting endpoint looks up by id in the caller's org, and the columns it reads of them. */
const IN_ORG = {
  assets: 'id, hostname',
  admin_users: 'id, name',
  nodes: 'key, value',
  gateways: '*',
  system_users:
    'id, name, username, password, private_key, public_key, username_same_with_user, shell, home, system_groups, sudo, org_id',
} as const;

export type InOrgTable = keyof typeof IN_ORG;

/** The row of `table` with that id in the org (any org from ROOT), sealed. */
export function rowInOrg(db: DB, org: Org, table: InOrgTable, id: string): Record<string, unknown> | undefined {
  const where = andInOrg(org);
  return db.prepare(`SELECT ${IN_ORG[table]} FROM ${table} WHERE id = ?${where.sql}`).get(id, ...where.params) as
    Record<string, unknown> | undefined;
}
