// The assets table's writes beyond the engine's create and update of an asset: what tasks learn of it
// (connectivity, hardware), its protocols and first port, its admin user set for a node's assets, its domain
// set from the domain's form, and the fixtures the contract suite makes.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';

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

/** The assets a WHERE clause selects (a node's, from node-assets.ts) get this admin user. */
export function setAdminUserWhere(db: DB, adminUserId: string, clause: { sql: string; params: unknown[] }): void {
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
