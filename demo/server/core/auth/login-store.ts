// The sessions and bearer_tokens tables, written only here: the logins of the browser (cookie `sessionid`) and of
// the token API, each kept under the hash of the token the client holds (sessions.ts hashes; every function here
// takes the hash). The auth feature's MFA re-check marks a login's `mfa_verified_at` (auth/mfa/mfa-verify.ts).
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';

export function insertSession(
  db: DB,
  session: { idHash: string; userId: string; expiresAt: number; createdAt: number; confirmed: boolean },
): void {
  db.prepare(
    'INSERT INTO sessions (id_hash, user_id, expires_at, created_at, login_confirmed) VALUES (?, ?, ?, ?, ?)',
  ).run(session.idHash, session.userId, session.expiresAt, session.createdAt, session.confirmed ? 1 : 0);
}

/** A live session's user, with when the session was last used and whether a reviewer approved its sign-in. */
export function liveSessionUser(
  db: DB,
  idHash: string,
  nowMs: number,
): (UserRow & { session_last_active: number; session_confirmed: number }) | undefined {
  return db
    .prepare(
      `SELECT u.*, COALESCE(s.last_active_at, s.created_at) AS session_last_active, s.login_confirmed AS session_confirmed
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ?`,
    )
    .get(idHash, nowMs) as (UserRow & { session_last_active: number; session_confirmed: number }) | undefined;
}

export function setSessionExpiry(db: DB, idHash: string, expiresAt: number): void {
  db.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ?').run(expiresAt, idHash);
}

export function setSessionLastActive(db: DB, idHash: string, nowMs: number): void {
  db.prepare('UPDATE sessions SET last_active_at = ? WHERE id_hash = ?').run(nowMs, idHash);
}

export function deleteSessionRow(db: DB, idHash: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
}

/** Every session of the user but the one under `keepHash` (null: every one). */
export function deleteUserSessions(db: DB, userId: string, keepHash: string | null): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?').run(userId, keepHash);
}

/** Bearer tokens past their expiry, dropped whenever a new one is issued. */
export function deleteExpiredBearerTokens(db: DB, nowMs: number): void {
  db.prepare('DELETE FROM bearer_tokens WHERE expires_at <= ?').run(nowMs);
}

export function insertBearerToken(
  db: DB,
  token: { tokenHash: string; userId: string; expiresAt: number; confirmed: boolean },
): void {
  db.prepare('INSERT INTO bearer_tokens (token_hash, user_id, expires_at, login_confirmed) VALUES (?, ?, ?, ?)').run(
    token.tokenHash,
    token.userId,
    token.expiresAt,
    token.confirmed ? 1 : 0,
  );
}

/** A live bearer token's user, and whether a reviewer approved the sign-in that issued it. */
export function liveBearerUser(
  db: DB,
  tokenHash: string,
  nowMs: number,
): (UserRow & { token_confirmed: number }) | undefined {
  return db
    .prepare(
      'SELECT u.*, b.login_confirmed AS token_confirmed FROM bearer_tokens b JOIN users u ON u.id = b.user_id WHERE b.token_hash = ? AND b.expires_at > ?',
    )
    .get(tokenHash, nowMs) as (UserRow & { token_confirmed: number }) | undefined;
}

/** Every bearer token of the user but the one under `keepHash` (null: every one). */
export function deleteUserBearerTokens(db: DB, userId: string, keepHash: string | null): void {
  db.prepare('DELETE FROM bearer_tokens WHERE user_id = ? AND token_hash IS NOT ?').run(userId, keepHash);
}

/** When the login's MFA re-check last passed (mfa-verified.ts), null or undefined when never or no such login. */
export function loginMfaVerifiedAt(
  db: DB,
  table: 'sessions' | 'bearer_tokens',
  keyHash: string,
): number | null | undefined {
  const sql =
    table === 'sessions'
      ? 'SELECT mfa_verified_at FROM sessions WHERE id_hash = ?'
      : 'SELECT mfa_verified_at FROM bearer_tokens WHERE token_hash = ?';
  return db.prepare(sql).pluck().get(keyHash) as number | null | undefined;
}
