// Server-side sessions (cookie `sessionid`) and API bearer tokens, both with JumpServer's 86400 s age.
// Every function takes the token the client holds; the tables keep only its hash (token-hash.ts), so
// a lookup is still one indexed equality.
import { unlessStorageFails } from '../lib/storage-fault.ts';
import type { DB } from '../db/open.ts';
import type { UserRow } from '../context.ts';
import { randomToken } from '../lib/ids.ts';
import { revokePortalTokens } from './portal-tokens.ts';
import { tokenHash } from '../secrets/token-hash.ts';
import {
  deleteExpiredBearerTokens,
  deleteSessionRow,
  deleteUserBearerTokens,
  deleteUserSessions,
  insertBearerToken,
  insertSession,
  liveBearerUser,
  liveSessionUser,
  setSessionExpiry,
  setSessionLastActive,
} from './login-store.ts';

/** SESSION_COOKIE_AGE and TOKEN_EXPIRATION; `buildApp({ loginTimeoutMs })` overrides both. */
export const LOGIN_AGE_MS = 86400 * 1000;

/** `confirmed`: the sign-in it starts was approved by a reviewer (login confirmation, core/auth/credential-lock.ts). */
export function createSession(db: DB, userId: string, nowMs: number, ageMs: number, confirmed = false): string {
  const id = randomToken();
  insertSession(db, { idHash: tokenHash(id), userId, expiresAt: nowMs + ageMs, createdAt: nowMs, confirmed });
  return id;
}

/** The user of a live session, when the session was last used (ms; its creation until then), and whether a reviewer approved it. */
export function userForSession(
  db: DB,
  sessionId: string,
  nowMs: number,
): { user: UserRow; lastActive: number; confirmed: boolean } | null {
  const row = liveSessionUser(db, tokenHash(sessionId), nowMs);
  if (!row) return null;
  const { session_last_active: lastActive, session_confirmed: confirmed, ...user } = row;
  return { user: user as UserRow, lastActive, confirmed: confirmed === 1 };
}

/** JumpServer refreshes the session age on profile reads; we do the same. */
export function touchSession(db: DB, sessionId: string, nowMs: number, ageMs: number): void {
  unlessStorageFails(() => setSessionExpiry(db, tokenHash(sessionId), nowMs + ageMs));
}

/** Records a use of the session (SECURITY_MAX_IDLE_TIME, idle-sessions.ts). */
export function markSessionActive(db: DB, sessionId: string, nowMs: number): void {
  unlessStorageFails(() => setSessionLastActive(db, tokenHash(sessionId), nowMs));
}

export function deleteSession(db: DB, sessionId: string): void {
  deleteSessionRow(db, tokenHash(sessionId));
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
  deleteExpiredBearerTokens(db, nowMs);
  insertBearerToken(db, { tokenHash: tokenHash(token), userId, expiresAt, confirmed });
  return { token, expiresAt };
}

/** The user of a live bearer token, and whether a reviewer approved the sign-in that issued it. */
export function userForBearer(db: DB, token: string, nowMs: number): { user: UserRow; confirmed: boolean } | null {
  const row = liveBearerUser(db, tokenHash(token), nowMs);
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
  deleteUserSessions(db, userId, keep.sessionId ? tokenHash(keep.sessionId) : null);
  revokeBearerTokens(db, userId, keep.bearerToken);
}

/** Every bearer token of the user (but `keep`) stops working at once, and every token a portal holds for them. */
export function revokeBearerTokens(db: DB, userId: string, keep: string | null = null): void {
  deleteUserBearerTokens(db, userId, keep ? tokenHash(keep) : null);
  revokePortalTokens(db, userId);
}
