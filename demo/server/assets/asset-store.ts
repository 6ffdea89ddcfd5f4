// The assets table's writes beyond the engine's create and update of an asset: what tasks learn of it
// (connectivity, hardware), its protocols and first port, its admin user set for a node's assets, its domain
// set from the domain's form, and the fixtures the contract suite makes.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { andInOrg } from '../core/orgs/current-org.ts';
import { uuid } from '../core/lib/ids.ts';
import { nodeAssetsClause } from './asset-filters.ts';
import type { NodeRow } from './node-store.ts';

/** A test's or task's outcome: reachable or not, and when (ISO). */
export function setConnectivity(db: DB, assetId: string, reachable: boolean, atIso: string): void {
  db.prepare('UPDATE assets SET connectivity_status = ?, connectivity_datetime = ? WHERE id = ?').run(
    reachable ? 1 : 0,
    atIso,
    assetId,
  );
}

/** Hardware columns a refresh read on the host (vendor, model, cpu_*, memory, disk_*, os_*…). */
export function setHardware(db: DB, assetId: string, hardware: Record<string, unknown>): void {
  const fields = Object.keys(hardware);
  if (!fields.length) return;
  db.prepare(`UPDATE assets SET ${fields.map((field) => `${field} = @${field}`).join(', ')} WHERE id = @id`).run({
    ...hardware,
    id: assetId,
  });
}

/** The protocols as 2.3 stores them (`ssh/22 rdp/3389`) and the first one's port. */
export function setProtocols(db: DB, assetId: string, protocols: string, port: number | null): void {
  db.prepare('UPDATE assets SET protocols = ?, port = ? WHERE id = ?').run(protocols, port, assetId);
}

/** Every asset in the node's subtree (the asset list's node filter with all=1) gets this admin user. */
export function setAdminUserOnSubtree(db: DB, adminUserId: string, node: NodeRow): void {
  const clause = nodeAssetsClause(node, true);
  db.prepare(`UPDATE assets SET admin_user = ? WHERE ${clause.sql}`).run(adminUserId, ...clause.params);
}

/** The domain's assets become `assetIds` exactly. */
export function setDomainAssets(db: DB, domainId: string, assetIds: readonly string[]): void {
  db.prepare('UPDATE assets SET domain = NULL WHERE domain = ?').run(domainId);
  const link = db.prepare('UPDATE assets SET domain = ? WHERE id = ?');
  for (const assetId of assetIds) link.run(domainId, assetId);
}

/** A bare asset for a contract fixture, in the org whose stored id is `orgId`; answers its id. */
export function insertFixtureAsset(db: DB, hostname: string, orgId: string, dateCreated: string): string {
  const id = uuid();
  db.prepare("INSERT INTO assets (id, hostname, ip, org_id, date_created) VALUES (?, ?, '127.50.0.200', ?, ?)").run(
    id,
    hostname,
    orgId,
    dateCreated,
  );
  return id;
}

/** A fixture host that runs remote apps: Windows, RDP. */
export function makeWindowsHost(db: DB, assetId: string): void {
  db.prepare("UPDATE assets SET platform = 'Windows', protocols = 'rdp/3389' WHERE id = ?").run(assetId);
}

/** The org's assets (every org's in ROOT), or of them the disabled ones (the dashboard's figures). */
export function countOrgAssets(db: DB, org: Org, disabledOnly = false): number {
  const inOrg = andInOrg(org);
  const where = disabledOnly ? ' AND is_active = 0' : '';
  const row = db.prepare(`SELECT COUNT(*) AS n FROM assets WHERE 1${inOrg.sql}${where}`).get(...inOrg.params) as
    { n: number } | undefined;
  return Number(row?.n ?? 0);
}

// Reads of assets by the job center, tasks and tickets (ops/, tasks/, tickets/).

/** The org an asset is in ('' for DEFAULT), undefined when there is no such asset. */
export function assetOrg(db: DB, assetId: string): string | undefined {
  return db.prepare('SELECT org_id FROM assets WHERE id = ?').pluck().get(assetId) as string | undefined;
}

export function assetInOrg(db: DB, assetId: string, orgId: string): boolean {
  return !!db.prepare('SELECT 1 FROM assets WHERE id = ? AND org_id = ?').get(assetId, orgId);
}

/** The ids among `ids` of assets in the org. */
export function assetIdsInOrg(db: DB, ids: readonly string[], orgId: string): string[] {
  return db
    .prepare('SELECT id FROM assets WHERE id IN (SELECT value FROM json_each(?)) AND org_id = ?')
    .pluck()
    .all(JSON.stringify(ids), orgId) as string[];
}

/** How many of `ids` are assets in the org. */
export function countAssetsInOrg(db: DB, ids: readonly string[], orgId: string): number {
  return db
    .prepare('SELECT COUNT(*) FROM assets WHERE id IN (SELECT value FROM json_each(?)) AND org_id = ?')
    .pluck()
    .get(JSON.stringify(ids), orgId) as number;
}

/** The hostnames of `ids`, in order. */
export function assetHostnames(db: DB, ids: readonly string[]): string[] {
  return db
    .prepare('SELECT hostname FROM assets WHERE id IN (SELECT value FROM json_each(?)) ORDER BY hostname')
    .pluck()
    .all(JSON.stringify(ids)) as string[];
}

/** Assets of the org at one of `ips` or whose hostname contains `hostname` (any case), by hostname, `limit` at most. */
export function assetsMatching(
  db: DB,
  orgId: string,
  ips: readonly string[],
  hostname: string,
  limit: number,
): string[] {
  return db
    .prepare(
      `SELECT id FROM assets WHERE org_id = ? AND (ip IN (SELECT value FROM json_each(?)) OR (? != '' AND instr(lower(hostname), lower(?)) > 0))
    ORDER BY hostname LIMIT ?`,
    )
    .pluck()
    .all(orgId, JSON.stringify(ips), hostname, hostname, limit) as string[];
}

/** The base of the asset's platform ('Linux', 'Windows', …), undefined without one. */
export function platformBase(db: DB, assetId: string): unknown {
  return db
    .prepare('SELECT p.base FROM assets a JOIN platforms p ON p.name = a.platform WHERE a.id = ?')
    .pluck()
    .get(assetId);
}

// Reads for the terminal's records (terminal/): an asset's hostname, and its org.

export function assetHostname(db: DB, assetId: string): string | undefined {
  return db.prepare('SELECT hostname FROM assets WHERE id = ?').pluck().get(assetId) as string | undefined;
}

export function assetHostnameAndOrg(db: DB, assetId: string): { hostname: string; org_id: string } | undefined {
  return db.prepare('SELECT hostname, org_id FROM assets WHERE id = ?').get(assetId) as
    { hostname: string; org_id: string } | undefined;
}

/** The hostname as `name`, beside a database app's (terminal/session-binding.ts). */
export function assetNameAndOrg(db: DB, assetId: string): { name: string; org_id: string } | undefined {
  return db.prepare('SELECT hostname AS name, org_id FROM assets WHERE id = ?').get(assetId) as
    { name: string; org_id: string } | undefined;
}

// Reads for the grant engine and the granted answers (perms/): single checks, and rows looked up a batch of ids
// at a time.

export function assetExists(db: DB, assetId: string): boolean {
  return !!db.prepare('SELECT 1 FROM assets WHERE id = ?').get(assetId);
}

/** An asset's protocols column and whether it is active; undefined for no such asset. */
export function assetProtocolsAndActive(db: DB, assetId: string): { protocols: string; is_active: number } | undefined {
  return db.prepare('SELECT protocols, is_active FROM assets WHERE id = ?').get(assetId) as
    { protocols: string; is_active: number } | undefined;
}

/** `[id, hostname]` of the active assets among `assetIds`. */
export function activeAssetHostnames(db: DB, assetIds: readonly string[]): [string, string][] {
  return db
    .prepare('SELECT id, hostname FROM assets WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(assetIds)) as [string, string][];
}

/** `[id, protocols, node key]` of the assets, one row per node (a null key for an asset on no node). */
export function assetProtocolNodeKeys(db: DB, assetIds: readonly string[]): [string, string, string | null][] {
  return db
    .prepare(
      `SELECT a.id, a.protocols, n.key FROM assets a LEFT JOIN asset_nodes an ON an.asset_id = a.id
    LEFT JOIN nodes n ON n.id = an.node_id WHERE a.id IN (SELECT value FROM json_each(?))`,
    )
    .raw()
    .all(JSON.stringify(assetIds)) as [string, string, string | null][];
}

/** The columns of a granted asset row (2.3's AssetGrantedSerializer) of the assets, in no order. */
export function grantedAssetRows(db: DB, assetIds: readonly string[]): Record<string, unknown>[] {
  return db
    .prepare(
      'SELECT id, hostname, ip, protocols, os, domain, platform, comment, org_id FROM assets WHERE id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify(assetIds)) as Record<string, unknown>[];
}

/** The columns of an asset tree item of the assets, in no order. */
export function assetTreeItemRows(db: DB, assetIds: readonly string[]): Record<string, unknown>[] {
  return db
    .prepare(
      'SELECT id, hostname, ip, protocols, platform, domain, org_id FROM assets WHERE id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify(assetIds)) as Record<string, unknown>[];
}

/** The ids of the assets with this hostname. */
export function assetIdsByHostname(db: DB, hostname: string): string[] {
  return db.prepare('SELECT id FROM assets WHERE hostname = ?').pluck().all(hostname) as string[];
}

/** The ids of the assets with this ip. */
export function assetIdsByIp(db: DB, ip: string): string[] {
  return db.prepare('SELECT id FROM assets WHERE ip = ?').pluck().all(ip) as string[];
}

/** The org an asset is stored in (an AuthBook version of it goes there too). */
export function assetOrgId(db: DB, assetId: string): string {
  return (db.prepare('SELECT org_id FROM assets WHERE id = ?').get(assetId) as { org_id: string }).org_id;
}

/** Id and hostname of an asset (a remote app's `asset_info`), or undefined. */
export function assetInfo(db: DB, assetId: string): { id: string; hostname: string } | undefined {
  return db.prepare('SELECT id, hostname FROM assets WHERE id = ?').get(assetId) as
    { id: string; hostname: string } | undefined;
}

/** Whether some asset still uses the admin user (it cannot be deleted then). */
export function adminUserInUse(db: DB, adminUserId: string): boolean {
  return !!db.prepare('SELECT 1 FROM assets WHERE admin_user = ? LIMIT 1').get(adminUserId);
}

export function adminUserAssetCount(db: DB, adminUserId: string): number {
  return db.prepare('SELECT COUNT(*) FROM assets WHERE admin_user = ?').pluck().get(adminUserId) as number;
}

/** Whether some asset still uses the platform (it cannot be deleted then). */
export function platformInUse(db: DB, platformName: string): boolean {
  return !!db.prepare('SELECT 1 FROM assets WHERE platform = ? LIMIT 1').get(platformName);
}

/** The domain's assets, by hostname. */
export function domainAssetIds(db: DB, domainId: string): string[] {
  return db.prepare('SELECT id FROM assets WHERE domain = ? ORDER BY hostname').pluck().all(domainId) as string[];
}
