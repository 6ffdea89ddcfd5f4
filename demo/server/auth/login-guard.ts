// What follows a correct password on the login form (2.3's /core/auth/login/guard/): the browser session
// starts and the user goes on to `next`. The MFA step and the forced OTP binding come in here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../context.ts';
import { randomToken } from '../lib/ids.ts';
import { setCsrfCookie } from './csrf-cookie.ts';
import { createSession, deleteSession } from './sessions.ts';

/** Starts the user's browser session and redirects to `next` (the console when empty). */
export function startBrowserSession(request: FastifyRequest, reply: FastifyReply, user: UserRow, next: string) {
  const { db, now, loginAgeMs } = request.server.bastion;
  if (request.cookies.sessionid) deleteSession(db, request.cookies.sessionid);
  const sessionId = createSession(db, user.id, now(), loginAgeMs);
  reply.setCookie('sessionid', sessionId, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: Math.ceil(loginAgeMs / 1000) });
  setCsrfCookie(reply, randomToken()); // Django rotates the token at login.
  return reply.redirect(next || '/ui/');
}

/** The password was right: continue the sign-in. */
export function continueLogin(request: FastifyRequest, reply: FastifyReply, user: UserRow, next: string) {
  return startBrowserSession(request, reply, user, next);
}
