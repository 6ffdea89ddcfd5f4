// The portal_clients table: the registered portals (clients.ts checks what is saved and reads the rows for
// oidc-provider; portal-cli.ts registers and removes them).
import type { DB } from '../core/db/open.ts';

/** A stored client; `redirect_uris` is the JSON array as stored. */
export interface PortalClientRow {
  client_id: string;
  name: string;
  redirect_uris: string;
  comment: string;
  created_by: string;
  date_created: string;
}

/** Registers the client, or updates its name, redirect URIs and comment (its creator and date stay). */
export function upsertPortalClient(db: DB, row: PortalClientRow): void {
  db.prepare(
    `INSERT INTO portal_clients (client_id, name, redirect_uris, comment, created_by, date_created) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (client_id) DO UPDATE SET name = excluded.name, redirect_uris = excluded.redirect_uris, comment = excluded.comment`,
  ).run(row.client_id, row.name, row.redirect_uris, row.comment, row.created_by, row.date_created);
}

/** Whether there was such a client. */
export function deletePortalClient(db: DB, clientId: string): boolean {
  return db.prepare('DELETE FROM portal_clients WHERE client_id = ?').run(clientId).changes > 0;
}

export function portalClientRows(db: DB): PortalClientRow[] {
  return db.prepare('SELECT * FROM portal_clients ORDER BY client_id').all() as PortalClientRow[];
}
