// The system_users table's writes beyond the engine's create and update of a system user: its credentials set
// or cleared through `auth-info/` (sealed by the caller, core/secrets/sealed-columns.ts), and the manual-login
// fixtures the contract suite makes; and the reads its rules and `auth-info/` make.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import type { Row } from '../engine/types.ts';

/** Credential columns a caller may set (already sealed). */
const AUTH_COLUMNS = new Set(['password', 'private_key', 'public_key', 'token']);

export function setAuthColumns(db: DB, systemUserId: string, sealed: Record<string, unknown>): void {
  for (const [column, value] of Object.entries(sealed)) {
    if (!AUTH_COLUMNS.has(column)) throw new Error(`not a credential column of system_users: ${column}`);
    db.prepare(`UPDATE system_users SET ${column} = ? WHERE id = ?`).run(value, systemUserId);
  }
}

export function clearAuth(db: DB, systemUserId: string): void {
  db.prepare("UPDATE system_users SET password = '', private_key = '', public_key = '', token = '' WHERE id = ?").run(
    systemUserId,
  );
}

/**
 * A fresh manual-login system user (no auto push) for a fixture, in the org whose stored id is `orgId`; its
 * username is the name in lower case with dashes. Answers its id.
 */
export function insertFixtureSystemUser(db: DB, name: string, orgId: string, protocol = 'ssh'): string {
  const id = uuid();
  const now = isoAt(Date.now());
  db.prepare(
    "INSERT INTO system_users (id, name, username, protocol, login_mode, auto_push, org_id, date_created, date_updated) VALUES (?, ?, ?, ?, 'manual', 0, ?, ?, ?)",
  ).run(id, name, name.replace(/\W+/g, '-').toLowerCase(), protocol, orgId, now, now);
  return id;
}

/** The row as stored (credentials sealed), or undefined. */
export function systemUserById(db: DB, id: string): Row | undefined {
  return db.prepare('SELECT * FROM system_users WHERE id = ?').get(id) as Row | undefined;
}

/** Whether another system user of the org is "same as user" on this protocol (one per protocol is allowed). */
export function sameWithUserTaken(db: DB, protocol: string, orgId: string, exceptId: string | null): boolean {
  return !!db
    .prepare(
      'SELECT 1 FROM system_users WHERE protocol = ? AND username_same_with_user = 1 AND org_id = ? AND id IS NOT ?',
    )
    .get(protocol, orgId, exceptId);
}
