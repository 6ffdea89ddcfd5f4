// The domains table beside the engine's: a domain's name (an asset's `domain_display`) and the contract
// suite's fixture domains. A domain's assets are the assets' `domain` column (asset-store.ts), its gateways
// gateway-store.ts's.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';

export function domainName(db: DB, id: string): string | undefined {
  return db.prepare('SELECT name FROM domains WHERE id = ?').pluck().get(id) as string | undefined;
}

/** A domain for a contract fixture, in the org whose stored id is `orgId`; answers its id. */
export function insertFixtureDomain(db: DB, name: string, orgId: string, dateCreated: string): string {
  const id = uuid();
  db.prepare('INSERT INTO domains (id, name, org_id, date_created) VALUES (?, ?, ?, ?)').run(
    id,
    name,
    orgId,
    dateCreated,
  );
  return id;
}
