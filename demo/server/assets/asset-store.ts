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
