// What follows a correct password on the login form (2.3's /core/auth/login/guard/): the browser session
// starts and the user goes on to `next` — unless the user has MFA on: then the login flow remembers them
// and the browser goes to the code step (/core/auth/login/otp/), or to the OTP binding when MFA is on but
// no authenticator is bound yet (2.3's MFAUnsetError: forced binding).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../core/context.ts';
import { userById } from '../../users/user-store.ts';
import { randomToken } from '../../core/lib/ids.ts';
import { recordSignIn } from './credentials.ts';
import { setCsrfCookie } from '../../core/auth/csrf-cookie.ts';
import { needsConfirmation } from '../../core/auth/credential-lock.ts';
import { openConfirmTicket } from '../confirm/login-confirm.ts';
import { LOGIN_FLOW_AGE_MS, loginFlow, type LoginFlow } from './login-flow.ts';
import { isBlocked } from '../../core/auth/lockout.ts';
import { logMfaFailure, mfaEnabled, mfaUnset } from '../mfa/mfa-state.ts';
import { OTP_PATHS } from '../mfa/otp-paths.ts';
import { isValidUser } from '../../core/permissions.ts';
import { createSession, deleteSession } from '../../core/auth/sessions.ts';

/** Starts the user's browser session and redirects to `next` (the console when empty). */
/** `confirmed`: a reviewer approved this sign-in (login confirmation's guard). */
export function startBrowserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  next: string,
  confirmed = false,
) {
  const { db, now, loginAgeMs } = request.server.bastion;
  if (request.cookies.sessionid) deleteSession(db, request.cookies.sessionid);
  const sessionId = createSession(db, user.id, now(), loginAgeMs, confirmed);
  reply.setCookie('sessionid', sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: Math.ceil(loginAgeMs / 1000),
  });
  setCsrfCookie(reply, randomToken()); // Django rotates the token at login.
  return reply.redirect(next || '/ui/');
}

/** The password was right: continue the sign-in. */
export function continueLogin(request: FastifyRequest, reply: FastifyReply, user: UserRow, next: string) {
  const { settings, now, db } = request.server.bastion;
  if (!mfaEnabled(user, settings)) {
    if (needsConfirmation(db, settings, user))
      return startConfirmation(request, reply, loginFlow(request, reply), user, next);
    return startBrowserSession(request, reply, user, next);
  }
  const flow = loginFlow(request, reply);
  flow.update({
    pendingUserId: user.id,
    pendingNext: next,
    pendingAt: now(),
    mfaPassed: false,
    otpSecretPending: undefined,
  });
  if (!mfaUnset(user, settings)) return reply.redirect(OTP_PATHS.loginOtp);
  logMfaFailure(request, user.username, 'W', 'mfa_unset'); // 2.3 logs MFAUnsetError, then sends the user to bind
  return reply.redirect(OTP_PATHS.bind);
}

/** The user who passed the password in this flow and still owes the MFA step (null when none, or too old). */
export function pendingUser(request: FastifyRequest, flow: LoginFlow): UserRow | null {
  const { db, now } = request.server.bastion;
  const { pendingUserId, pendingAt } = flow.data;
  if (!pendingUserId || typeof pendingAt !== 'number' || now() - pendingAt > LOGIN_FLOW_AGE_MS) return null;
  const user = userById(db, pendingUserId);
  // Disabled, expired or blocked (too many wrong codes) since the password was given: the sign-in stops there.
  return user && isValidUser(user, now()) && !isBlocked(db, user.username, now()) ? user : null;
}

/** The MFA step is done: the flow forgets the user, the sign-in is logged and the session starts. */
export function finishPendingLogin(request: FastifyRequest, reply: FastifyReply, flow: LoginFlow, user: UserRow) {
  const next = flow.data.pendingNext ?? '';
  flow.update({
    pendingUserId: undefined,
    pendingNext: undefined,
    pendingAt: undefined,
    mfaPassed: undefined,
    otpSecretPending: undefined,
  });
  const { db, settings } = request.server.bastion;
  if (needsConfirmation(db, settings, user)) return startConfirmation(request, reply, flow, user, next);
  recordSignIn(request, user, 'W');
  return startBrowserSession(request, reply, user, next);
}

export const WAIT_CONFIRM_PATH = '/core/auth/login/wait-confirm/';

/** Login confirmation applies: a ticket goes to the reviewers and the browser waits for their answer. */
export function startConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: LoginFlow,
  user: UserRow,
  next: string,
) {
  const ticketId = openConfirmTicket(request, user);
  flow.update({ confirmUserId: user.id, confirmTicketId: ticketId, confirmNext: next, confirmLogged: false });
  return reply.redirect(WAIT_CONFIRM_PATH);
}
