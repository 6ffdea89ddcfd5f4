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

// Reads for the grants and permission rules of perms/.

/** The columns a granted system user shows, of the system users `ids`, in no order. */
export function grantedSystemUserColumns(db: DB, ids: readonly string[]): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT id, name, username, priority, protocol, login_mode, sftp_root, username_same_with_user
    FROM system_users WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Record<string, unknown>[];
}

/** `[id, protocol]` of the system users `ids`. */
export function systemUserProtocols(db: DB, ids: readonly string[]): [string, string][] {
  return db
    .prepare('SELECT id, protocol FROM system_users WHERE id IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(ids)) as [string, string][];
}

/** The names of the system users among `ids` whose protocol is not `protocol`. */
export function namesNotSpeaking(db: DB, ids: readonly string[], protocol: string): string[] {
  return db
    .prepare('SELECT name FROM system_users WHERE id IN (SELECT value FROM json_each(?)) AND protocol != ?')
    .pluck()
    .all(JSON.stringify(ids), protocol) as string[];
}

/** Whether the system user exists and its protocol is not `protocol`. */
export function speaksOtherProtocol(db: DB, id: string, protocol: string): boolean {
  return !!db.prepare('SELECT 1 FROM system_users WHERE id = ? AND protocol != ?').get(id, protocol);
}

/** The ids of the system users with this name. */
export function systemUserIdsByName(db: DB, name: string): string[] {
  return db.prepare('SELECT id FROM system_users WHERE name = ?').pluck().all(name) as string[];
}
