// The admin_users table beside the engine's create and update: its credentials set through `auth/` (sealed by
// the caller, core/secrets/sealed-columns.ts) and its name as an asset shows it.
import type { DB } from '../core/db/open.ts';

/** Credential columns a caller may set (already sealed). */
const AUTH_COLUMNS = new Set(['password', 'private_key', 'public_key']);

export function setAdminUserAuth(db: DB, adminUserId: string, sealed: Record<string, unknown>): void {
  for (const [column, value] of Object.entries(sealed)) {
    if (!AUTH_COLUMNS.has(column)) throw new Error(`not a credential column of admin_users: ${column}`);
    db.prepare(`UPDATE admin_users SET ${column} = ? WHERE id = ?`).run(value, adminUserId);
  }
}

export function adminUserName(db: DB, id: string): string | undefined {
  return db.prepare('SELECT name FROM admin_users WHERE id = ?').pluck().get(id) as string | undefined;
}
