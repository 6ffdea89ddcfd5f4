// The one place a user's password hash changes. A new password ends every other login of that user
// (sessions and bearer tokens), so whoever knew the old one is out; the caller changing their own
// password keeps the login they are using. Each change is written to the password change log (§2.9).
import type { FastifyRequest } from 'fastify';
import { headerValue } from '../core/auth/request-context.ts';
import { endLogins, type CurrentLogin } from '../core/auth/sessions.ts';
import type { DB } from '../core/db/open.ts';
import { recordPasswordChange } from '../core/password-change-log-store.ts';
import { isoAt } from '../core/lib/time.ts';
import { setPasswordHash } from './user-store.ts';

/** The session or bearer token this request authenticated with. */
export function currentLogin(request: FastifyRequest): CurrentLogin {
  const { ctx } = request;
  const bearerToken =
    ctx.via === 'bearer' ? ((headerValue(request, 'authorization') ?? '').trim().split(/\s+/, 2)[1] ?? null) : null;
  return { sessionId: ctx.sessionId, bearerToken };
}

export function storePasswordHash(db: DB, request: FastifyRequest, userId: string, hash: string, nowMs: number): void {
  setPasswordHash(db, userId, hash, isoAt(nowMs));
  endLogins(db, userId, request.ctx.user?.id === userId ? currentLogin(request) : {});
  recordPasswordChange(db, request, userId, nowMs);
}
