// The system_users table's writes beyond the engine's create and update of a system user: its credentials set
// or cleared through `auth-info/` (sealed by the caller, core/secrets/sealed-columns.ts), and the manual-login
// fixtures the contract suite makes.
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

// Reads of system users by the job center, tasks and tickets (ops/, tasks/, tickets/).

/** The org a system user is in ('' for DEFAULT), undefined when there is no such system user. */
export function systemUserOrg(db: DB, systemUserId: string): string | undefined {
  return db.prepare('SELECT org_id FROM system_users WHERE id = ?').pluck().get(systemUserId) as string | undefined;
}

export function systemUserInOrg(db: DB, systemUserId: string, orgId: string): boolean {
  return !!db.prepare('SELECT 1 FROM system_users WHERE id = ? AND org_id = ?').get(systemUserId, orgId);
}

/** The ids among `ids` of system users in the org. */
export function systemUserIdsInOrg(db: DB, ids: readonly string[], orgId: string): string[] {
  return db
    .prepare('SELECT id FROM system_users WHERE id IN (SELECT value FROM json_each(?)) AND org_id = ?')
    .pluck()
    .all(JSON.stringify(ids), orgId) as string[];
}

/** "name(username)", undefined when there is no such system user. */
export function systemUserLabel(db: DB, systemUserId: string): string | undefined {
  return db
    .prepare("SELECT name || '(' || username || ')' FROM system_users WHERE id = ?")
    .pluck()
    .get(systemUserId) as string | undefined;
}

/** The org's system users of that name, in any case. */
export function systemUsersNamed(db: DB, orgId: string, name: string): string[] {
  return db
    .prepare('SELECT id FROM system_users WHERE org_id = ? AND lower(name) = lower(?)')
    .pluck()
    .all(orgId, name) as string[];
}

/** The org's system users logging in as `username`. */
export function systemUsersWithUsername(db: DB, orgId: string, username: string): string[] {
  return db
    .prepare('SELECT id FROM system_users WHERE org_id = ? AND username = ?')
    .pluck()
    .all(orgId, username) as string[];
}

/** What a batch command needs of its run-as system user (ops/command-executions.ts); credentials still sealed. */
export interface RunAsSystemUser {
  id: string;
  name: string;
  username: string;
  password: string;
  private_key: string;
  protocol: string;
  username_same_with_user: number;
  org_id: string;
}

export function runAsSystemUser(db: DB, systemUserId: string): RunAsSystemUser | undefined {
  return db
    .prepare(
      'SELECT id, name, username, password, private_key, protocol, username_same_with_user, org_id FROM system_users WHERE id = ?',
    )
    .get(systemUserId) as RunAsSystemUser | undefined;
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
