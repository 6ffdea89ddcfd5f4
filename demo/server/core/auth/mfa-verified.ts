// Whether this request's login (its session, or its bearer token: 2.3 keeps MFA_VERIFY_TIME in the Django
// session) passed the MFA re-check lately: 2.3's NeedMFAVerify, asked by features before a sensitive read (an
// asset user's secrets). The re-check itself is the auth feature's (auth/mfa/mfa-verify.ts), which marks the
// login row this file reads. Access-key (signature) calls have no login to mark.
import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/open.ts';
import { tokenHash } from '../secrets/token-hash.ts';
import { loginMfaVerifiedAt } from './login-store.ts';
import { headerValue } from './request-context.ts';

export type Login =
  { table: 'sessions'; column: 'id_hash'; key: string } | { table: 'bearer_tokens'; column: 'token_hash'; key: string };

/** The login row this request came with (keyed by the hash of its token), if it is one that can hold a verification. */
export function loginOf(request: FastifyRequest): Login | null {
  const { ctx } = request;
  if (ctx.via === 'session' && ctx.sessionId)
    return { table: 'sessions', column: 'id_hash', key: tokenHash(ctx.sessionId) };
  if (ctx.via === 'bearer') {
    const token = headerValue(request, 'authorization')?.trim().split(/\s+/, 2)[1];
    if (token) return { table: 'bearer_tokens', column: 'token_hash', key: tokenHash(token) };
  }
  return null;
}

/** Verified less than `ttlSeconds` (SECURITY_MFA_VERIFY_TTL) ago. */
export function mfaRecentlyVerified(db: DB, request: FastifyRequest, nowMs: number, ttlSeconds: number): boolean {
  const login = loginOf(request);
  if (!login) return false;
  const at = loginMfaVerifiedAt(db, login.table, login.key);
  return typeof at === 'number' && nowMs - at < ttlSeconds * 1000;
}
