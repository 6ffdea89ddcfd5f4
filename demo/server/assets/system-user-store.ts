// The system_users table's writes beyond the engine's create and update of a system user: its credentials set
// or cleared through `auth-info/` (sealed by the caller, core/secrets/sealed-columns.ts), and the manual-login
// fixtures the contract suite makes.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';

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

// Reads for the terminal's records (terminal/): a system user's name, and its org.

export function systemUserName(db: DB, systemUserId: string): string | undefined {
  return db.prepare('SELECT name FROM system_users WHERE id = ?').pluck().get(systemUserId) as string | undefined;
}

export function systemUserNameInOrg(db: DB, systemUserId: string, orgId: string): string | undefined {
  return db.prepare('SELECT name FROM system_users WHERE id = ? AND org_id = ?').pluck().get(systemUserId, orgId) as
    string | undefined;
}

export function systemUserNameAndOrg(db: DB, systemUserId: string): { name: string; org_id: string } | undefined {
  return db.prepare('SELECT name, org_id FROM system_users WHERE id = ?').get(systemUserId) as
    { name: string; org_id: string } | undefined;
}
