// The assets table's writes beyond the engine's create and update of an asset: what tasks learn of it
// (connectivity, hardware), its protocols and first port, its admin user set for a node's assets, its domain
// set from the domain's form, and the fixtures the contract suite makes; and the reads of assets by what they
// point at (an admin user, a domain, a platform) that other definitions make.
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

/** The org an asset is stored in (an AuthBook version of it goes there too). */
export function assetOrgId(db: DB, assetId: string): string {
  return (db.prepare('SELECT org_id FROM assets WHERE id = ?').get(assetId) as { org_id: string }).org_id;
}

export function assetExists(db: DB, assetId: string): boolean {
  return !!db.prepare('SELECT 1 FROM assets WHERE id = ?').get(assetId);
}

/** Whether the asset lives in the org whose stored id is `orgId`. */
export function assetInOrg(db: DB, assetId: string, orgId: string): boolean {
  return !!db.prepare('SELECT id FROM assets WHERE id = ? AND org_id = ?').get(assetId, orgId);
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
