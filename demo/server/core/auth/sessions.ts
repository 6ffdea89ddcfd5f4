// Server-side sessions (cookie `sessionid`) and API bearer tokens, both with JumpServer's 86400 s age.
// Every function takes the token the client holds; the tables keep only its hash (token-hash.ts), so
// a lookup is still one indexed equality.
import { unlessStorageFails } from '../lib/storage-fault.ts';
import type { DB } from '../db/open.ts';
import type { UserRow } from '../context.ts';
import { randomToken } from '../lib/ids.ts';
import { revokePortalTokens } from './portal-tokens.ts';
import { tokenHash } from '../secrets/token-hash.ts';

/** SESSION_COOKIE_AGE and TOKEN_EXPIRATION; `buildApp({ loginTimeoutMs })` overrides both. */
export const LOGIN_AGE_MS = 86400 * 1000;

/** `confirmed`: the sign-in it starts was approved by a reviewer (login confirmation, core/auth/credential-lock.ts). */
export function createSession(db: DB, userId: string, nowMs: number, ageMs: number, confirmed = false): string {
  const id = randomToken();
  db.prepare(
    'INSERT INTO sessions (id_hash, user_id, expires_at, created_at, login_confirmed) VALUES (?, ?, ?, ?, ?)',
  ).run(tokenHash(id), userId, nowMs + ageMs, nowMs, confirmed ? 1 : 0);
  return id;
}

/** The user of a live session, when the session was last used (ms; its creation until then), and whether a reviewer approved it. */
export function userForSession(
  db: DB,
  sessionId: string,
  nowMs: number,
): { user: UserRow; lastActive: number; confirmed: boolean } | null {
  const row = db
    .prepare(
      `SELECT u.*, COALESCE(s.last_active_at, s.created_at) AS session_last_active, s.login_confirmed AS session_confirmed
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ?`,
    )
    .get(tokenHash(sessionId), nowMs) as
    (UserRow & { session_last_active: number; session_confirmed: number }) | undefined;
  if (!row) return null;
  const { session_last_active: lastActive, session_confirmed: confirmed, ...user } = row;
  return { user: user as UserRow, lastActive, confirmed: confirmed === 1 };
}

/** JumpServer refreshes the session age on profile reads; we do the same. */
export function touchSession(db: DB, sessionId: string, nowMs: number, ageMs: number): void {
  unlessStorageFails(() =>
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ?').run(nowMs + ageMs, tokenHash(sessionId)),
  );
}

/** Records a use of the session (SECURITY_MAX_IDLE_TIME, idle-sessions.ts). */
export function markSessionActive(db: DB, sessionId: string, nowMs: number): void {
  unlessStorageFails(() =>
    db.prepare('UPDATE sessions SET last_active_at = ? WHERE id_hash = ?').run(nowMs, tokenHash(sessionId)),
  );
}

export function deleteSession(db: DB, sessionId: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(tokenHash(sessionId));
}

/** `confirmed`: issued after a reviewer approved the sign-in (login confirmation, core/auth/credential-lock.ts). */
export function createBearerToken(
  db: DB,
  userId: string,
  nowMs: number,
  ageMs: number,
  confirmed = false,
): { token: string; expiresAt: number } {
  const token = randomToken(24);
  const expiresAt = nowMs + ageMs;
  db.prepare('DELETE FROM bearer_tokens WHERE expires_at <= ?').run(nowMs);
  db.prepare('INSERT INTO bearer_tokens (token_hash, user_id, expires_at, login_confirmed) VALUES (?, ?, ?, ?)').run(
    tokenHash(token),
    userId,
    expiresAt,
    confirmed ? 1 : 0,
  );
  return { token, expiresAt };
}

/** The user of a live bearer token, and whether a reviewer approved the sign-in that issued it. */
export function userForBearer(db: DB, token: string, nowMs: number): { user: UserRow; confirmed: boolean } | null {
  const row = db
    .prepare(
      'SELECT u.*, b.login_confirmed AS token_confirmed FROM bearer_tokens b JOIN users u ON u.id = b.user_id WHERE b.token_hash = ? AND b.expires_at > ?',
    )
    .get(tokenHash(token), nowMs) as (UserRow & { token_confirmed: number }) | undefined;
  if (!row) return null;
  const { token_confirmed: confirmed, ...user } = row;
  return { user: user as UserRow, confirmed: confirmed === 1 };
}

/** The credential a request came with, so "end every other login" can spare it. */
export interface CurrentLogin {
  sessionId?: string | null;
  bearerToken?: string | null;
}

/**
 * Ends every session and bearer token of the user except `keep` (the caller's own, when the user
 * changes their own password). Called whenever a password changes or the user logs out.
 */
export function endLogins(db: DB, userId: string, keep: CurrentLogin = {}): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?').run(
    userId,
    keep.sessionId ? tokenHash(keep.sessionId) : null,
  );
  revokeBearerTokens(db, userId, keep.bearerToken);
}

/** Every bearer token of the user (but `keep`) stops working at once, and every token a portal holds for them. */
export function revokeBearerTokens(db: DB, userId: string, keep: string | null = null): void {
  db.prepare('DELETE FROM bearer_tokens WHERE user_id = ? AND token_hash IS NOT ?').run(
    userId,
    keep ? tokenHash(keep) : null,
  );
  revokePortalTokens(db, userId);
}
