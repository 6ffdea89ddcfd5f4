// The users table's writes, in one place: who may change which column is decided by the callers (the users
// resource through the engine, the profile, the admin's actions, sign-in, MFA binding, LDAP import, terminal
// service accounts, the seed); how a row changes is decided here. A user's TOTP secret (`otp_secret_key`) is
// sealed at rest (core/secrets/vault.ts): whoever reads the database must not be able to compute the user's
// codes, so it is read and written only here; other code only asks whether one is set (a sealed value is as
// non-empty as the secret).
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

// Reads for perms/ (its validate endpoints, filters and relation samples).

export function userExists(db: DB, id: string): boolean {
  return !!db.prepare('SELECT 1 FROM users WHERE id = ?').get(id);
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
