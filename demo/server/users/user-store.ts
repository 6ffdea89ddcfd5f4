// The users table's writes, in one place: who may change which column is decided by the callers (the users
// resource through the engine, the profile, the admin's actions, sign-in, MFA binding, LDAP import, terminal
// service accounts, the seed); how a row changes is decided here. The reads of one user by id or username that
// sign-in, the profile and the portal make are here too (the list is the engine's, through the resource). A user's TOTP secret (`otp_secret_key`) is
// sealed at rest (core/secrets/vault.ts): whoever reads the database must not be able to compute the user's
// codes, so it is read and written only here; other code only asks whether one is set (a sealed value is as
// non-empty as the secret).
import type { UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { seal, unseal } from '../core/secrets/vault.ts';

/** A new row; the columns given are written, the others take their defaults (migrations). */
export function insertUser(db: DB, row: Record<string, unknown>): void {
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...columns.map((column) => row[column]),
  );
}

export function deleteUser(db: DB, id: string): void {
  db.prepare('DELETE FROM users WHERE id = ?').run(id);
}

/** A terminal's service account goes with its terminal; nothing else is ever deleted this way. */
export function deleteServiceAccount(db: DB, id: string): void {
  db.prepare("DELETE FROM users WHERE id = ? AND role = 'App'").run(id);
}

/** Switching a terminal off switches off its service account, which stops the terminal's signed calls. */
export function setServiceAccountActive(db: DB, terminalId: string, active: boolean): void {
  db.prepare(
    "UPDATE users SET is_active = ? WHERE role = 'App' AND id = (SELECT user_id FROM terminals WHERE id = ?)",
  ).run(active ? 1 : 0, terminalId);
}

/** Only through users/store-password.ts, which also ends the user's other logins and logs the change. */
export function setPasswordHash(db: DB, id: string, hash: string, atIso: string): void {
  db.prepare('UPDATE users SET password_hash = ?, date_password_last_updated = ? WHERE id = ?').run(hash, atIso, id);
}

/** The SSH public key; '' removes it. */
export function setPublicKey(db: DB, id: string, key: string): void {
  db.prepare('UPDATE users SET public_key = ? WHERE id = ?').run(key, id);
}

/** The columns a user changes on their own profile, already validated (users/profile-routes.ts). */
export function updateProfileColumns(db: DB, id: string, changes: Record<string, unknown>): void {
  const columns = Object.keys(changes);
  if (!columns.length) return;
  db.prepare(`UPDATE users SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`).run(
    ...columns.map((column) => changes[column]),
    id,
  );
}

/** What the directory says of a user an LDAP import updates. */
export function updateDirectoryFields(
  db: DB,
  id: string,
  fields: { name: string; email: string; source: string },
): void {
  db.prepare('UPDATE users SET name = ?, email = ?, source = ? WHERE id = ?').run(
    fields.name,
    fields.email,
    fields.source,
    id,
  );
}

export function setLastLogin(db: DB, id: string, atIso: string): void {
  db.prepare('UPDATE users SET last_login = ? WHERE id = ?').run(atIso, id);
}

export function readOtpSecret(db: DB, userId: string): string | null {
  const stored = db.prepare('SELECT otp_secret_key FROM users WHERE id = ?').pluck().get(userId) as
    string | null | undefined;
  return unseal(db, stored ?? null);
}

/** 2.3's enable_mfa(): the new secret, and level 1 unless MFA is already forced (2) for the user. */
export function bindOtpSecret(db: DB, userId: string, secret: string): void {
  db.prepare(
    'UPDATE users SET otp_secret_key = ?, mfa_level = CASE WHEN mfa_level = 2 THEN 2 ELSE 1 END WHERE id = ?',
  ).run(seal(db, secret), userId);
}

/** An admin's OTP reset: the user binds a new authenticator at the next sign-in; the MFA level stays. */
export function clearOtpSecret(db: DB, userId: string): void {
  db.prepare('UPDATE users SET otp_secret_key = NULL WHERE id = ?').run(userId);
}

/** 2.3's disable_mfa(): no level, no secret. */
export function disableMfa(db: DB, userId: string): void {
  db.prepare('UPDATE users SET mfa_level = 0, otp_secret_key = NULL WHERE id = ?').run(userId);
}

/** The ids of every user of the plain User role, by username (the org member relation's samples). */
export function plainUserIds(db: DB): string[] {
  return db.prepare("SELECT id FROM users WHERE role = 'User' ORDER BY username").pluck().all() as string[];
}

/** The ids of every user but the terminals' service accounts: who can be named an org's member. */
export function nonAppUserIds(db: DB): string[] {
  return db.prepare("SELECT id FROM users WHERE role != 'App'").pluck().all() as string[];
}

export function userById(db: DB, id: unknown): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

/**
 * The user named `username`, whole (an LDAP import creates or updates it). Service accounts included: whether
 * they may sign in is the caller's (password-check.ts refuses them).
 */
export function userByUsername(db: DB, username: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

/** Whether a user of this username exists (the LDAP user list marks who is already one of ours). */
export function usernameExists(db: DB, username: string): boolean {
  return !!db.prepare('SELECT 1 FROM users WHERE username = ?').pluck().get(username);
}

// A person's account: a terminal's service account (role App) is never a reviewer or an SSH user (the login
// confirmations, the terminal's doors), active or not.
export function personById(db: DB, id: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE id = ? AND role != 'App'").get(id) as UserRow | undefined;
}

export function personByUsername(db: DB, username: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE username = ? AND role != 'App'").get(username) as UserRow | undefined;
}

export function userExists(db: DB, id: string): boolean {
  return !!db.prepare('SELECT 1 FROM users WHERE id = ?').get(id);
}

export function userRole(db: DB, id: string): string | undefined {
  return db.prepare('SELECT role FROM users WHERE id = ?').pluck().get(id) as string | undefined;
}

export function userEmail(db: DB, id: string): string {
  return db.prepare('SELECT email FROM users WHERE id = ?').pluck().get(id) as string;
}

export function userDisplayName(db: DB, id: unknown): string | undefined {
  return db.prepare('SELECT name FROM users WHERE id = ?').pluck().get(id) as string | undefined;
}

/** The row holding the user's SSH key (the caller knows the user exists). */
export function publicKeyRow(db: DB, id: string): { public_key: string } {
  return db.prepare('SELECT public_key FROM users WHERE id = ?').get(id) as { public_key: string };
}

// Reads of users by the job center and tickets (ops/, tickets/).

/** The built-in admin (username 'admin'), undefined once renamed or deleted. */
export function builtinAdmin(db: DB): { id: string; username: string } | undefined {
  return db.prepare("SELECT id, username FROM users WHERE username = 'admin'").get() as
    { id: string; username: string } | undefined;
}

/** The built-in admin's id (a sample ticket's assignee). */
export function builtinAdminId(db: DB): string {
  return db.prepare("SELECT id FROM users WHERE username = 'admin'").pluck().get() as string;
}

/** The non-empty email addresses of `ids`. */
export function emailsOf(db: DB, ids: readonly string[]): string[] {
  return db
    .prepare("SELECT email FROM users WHERE id IN (SELECT value FROM json_each(?)) AND email != ''")
    .pluck()
    .all(JSON.stringify(ids)) as string[];
}

/** Id, name and username of `ids`, by username. */
export function usersByIds(db: DB, ids: readonly string[]): { id: string; name: string; username: string }[] {
  return db
    .prepare('SELECT id, name, username FROM users WHERE id IN (SELECT value FROM json_each(?)) ORDER BY username')
    .all(JSON.stringify(ids)) as { id: string; name: string; username: string }[];
}

/**
 * Active superusers, and the admins of `orgId` when `memberId` is a member of it ('' is DEFAULT: superusers
 * only); ids by username. Who may be a ticket's assignee (tickets/who.ts).
 */
export function activeAdminIds(db: DB, orgId: string, memberId: string): string[] {
  return db
    .prepare(
      `SELECT id FROM users WHERE is_active = 1 AND (role = 'Admin' OR (? != '' AND id IN (
      SELECT user_id FROM org_members WHERE org_id = ? AND role = 'Admin'
        AND EXISTS (SELECT 1 FROM org_members WHERE org_id = ? AND user_id = ?))))
    ORDER BY username`,
    )
    .pluck()
    .all(orgId, orgId, orgId, memberId) as string[];
}

export function activePersonById(db: DB, id: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE id = ? AND role != 'App' AND is_active = 1").get(id) as
    UserRow | undefined;
}

/** What a redeemed connection token tells its terminal of the user, and whether they may still sign in. */
export interface PersonSummary {
  id: string;
  username: string;
  name: string;
  is_active: number;
  date_expired: string;
}

export function personSummary(db: DB, id: string): PersonSummary | undefined {
  return db
    .prepare("SELECT id, username, name, is_active, date_expired FROM users WHERE id = ? AND role != 'App'")
    .get(id) as PersonSummary | undefined;
}

/** Whether some account already has this username or this email. */
export function usernameOrEmailTaken(db: DB, username: string, email: string): boolean {
  return !!db.prepare('SELECT 1 FROM users WHERE username = ? OR email = ?').get(username, email);
}

/** The account's is_active column as stored (undefined for an unknown id). */
export function userIsActive(db: DB, id: string): unknown {
  return db.prepare('SELECT is_active FROM users WHERE id = ?').pluck().get(id);
}

/** The ids of the users with this username. */
export function userIdsByUsername(db: DB, username: string): string[] {
  return db.prepare('SELECT id FROM users WHERE username = ?').pluck().all(username) as string[];
}

/** The first two people (not App accounts) by username: the DEFAULT org's members a relation sample links. */
export function firstTwoPeopleByUsername(db: DB): string[] {
  return db.prepare("SELECT id FROM users WHERE role != 'App' ORDER BY username LIMIT 2").pluck().all() as string[];
}

/** The first two people (not App accounts) by name. */
export function firstTwoPeopleByName(db: DB): string[] {
  return db.prepare("SELECT id FROM users WHERE role != 'App' ORDER BY name LIMIT 2").pluck().all() as string[];
}
