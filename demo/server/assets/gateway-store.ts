// The gateways of a domain as the domain and asset endpoints read them (the engine writes the table). Rows come
// as stored: the caller opens the sealed credentials (core/secrets/sealed-columns.ts) it shows.
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';

export function gatewayCount(db: DB, domainId: string): number {
  return db.prepare('SELECT COUNT(*) FROM gateways WHERE domain = ?').pluck().get(domainId) as number;
}

/** Every gateway of the domain, by name (`domains/?gateway=1`). */
export function domainGateways(db: DB, domainId: string): Row[] {
  return db.prepare('SELECT * FROM gateways WHERE domain = ? ORDER BY name').all(domainId) as Row[];
}

/** The active SSH gateways of the domain with their credentials, by name (what a terminal may hop through). */
export function activeSshGateways(db: DB, domainId: string): Row[] {
  return db
    .prepare(
      "SELECT id, name, ip, port, protocol, username, password, private_key FROM gateways WHERE domain = ? AND is_active = 1 AND protocol = 'ssh' ORDER BY name",
    )
    .all(domainId) as Row[];
}
