// The orgs table as the core reads it: the org a request names (current-org.ts). The orgs feature writes the
// table (orgs/org-store.ts), which the core cannot import.
import type { DB } from '../db/open.ts';

/** The org whose id, else whose name, is `value`. */
export function orgByIdOrName(db: DB, value: string): { id: string; name: string } | undefined {
  return db
    .prepare('SELECT id, name FROM orgs WHERE id = ? OR name = ? ORDER BY id = ? DESC LIMIT 1')
    .get(value, value, value) as { id: string; name: string } | undefined;
}
