// The one credential check used by the HTML login form and the token API.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../core/context.ts';
import { t, type Lang } from '../../core/lib/i18n.ts';
import { PasswordCheckBusy } from '../../core/lib/passwords.ts';
import { passwordHasExpired } from '../../users/password-expiry.ts';
import { clearFailures, isBlocked, recordFailure } from '../../core/auth/lockout.ts';
import { needsConfirmation } from '../../core/auth/credential-lock.ts';
import { recordLogin } from './login-log-store.ts';
import { mfaEnabled } from '../mfa/mfa-state.ts';
import { isValidUser } from '../../core/permissions.ts';
import { userForPassword } from './password-check.ts';
import { headerValue } from '../../core/auth/request-context.ts';
import { takeSignIn } from './sign-in-rate.ts';
import { setLastLogin } from '../../users/user-store.ts';

export type LoginResult =
  | { ok: true; user: UserRow }
  | {
      ok: false;
      error: 'password_failed' | 'block_login' | 'user_inactive' | 'password_expired' | 'busy';
      msg: string;
    };

/** `ip`: the address the login is recorded and counted under (a terminal signing a user in passes the user's). */
export async function checkCredentials(
  request: FastifyRequest,
  username: string,
  password: string,
  type: 'W' | 'T',
  ip = request.ip,
): Promise<LoginResult> {
  const { db, now, settings } = request.server.bastion;
  const { lang } = request.ctx;
  const nowMs = now();
  const limitMinutes = settings.get<number>('SECURITY_LOGIN_LIMIT_TIME');
  const policy = { limitCount: settings.get<number>('SECURITY_LOGIN_LIMIT_COUNT'), limitMinutes };
  const log = (reason: string, success: boolean) =>
    recordLogin(
      db,
      {
        username,
        type,
        ip,
        userAgent: headerValue(request, 'user-agent') ?? '',
        reason,
        success,
      },
      nowMs,
    );

  if (isBlocked(db, username, nowMs)) {
    log('block_login', false);
    return { ok: false, error: 'block_login', msg: t(lang, 'auth.block_login', { minutes: limitMinutes }) };
  }
  // Too many checks from this address, or waiting for the hashing pool: said as busy (not a wrong
  // password: nothing is counted toward the lockout), and the client may try again in a moment.
  if (!takeSignIn(request.server.bastion, ip, nowMs)) return busy(lang);
  let user: UserRow | null;
  try {
    user = await userForPassword(request, username, password);
  } catch (error) {
    if (error instanceof PasswordCheckBusy) return busy(lang);
    throw error;
  }
  if (!user) {
    const remaining = recordFailure(db, username, ip, nowMs, policy);
    log('password_failed', false);
    if (remaining === 0)
      return { ok: false, error: 'block_login', msg: t(lang, 'auth.block_login', { minutes: limitMinutes }) };
    return {
      ok: false,
      error: 'password_failed',
      msg: t(lang, 'auth.password_failed', { times: remaining, minutes: limitMinutes }),
    };
  }
  if (!isValidUser(user, nowMs)) {
    log('user_inactive', false);
    return {
      ok: false,
      error: 'user_inactive',
      msg: t(lang, user.is_active ? 'auth.user_expired' : 'auth.user_inactive'),
    };
  }
  const expired = passwordExpiredRefusal(request, user, log);
  if (expired) return expired;
  // The failure count is cleared only by a completed sign-in (recordSignIn): a right password alone must
  // not wipe the wrong MFA codes that followed it.
  // A user with MFA is signed in (logged, last_login) only once the code is given, as 2.3's guard does.
  // So is a user whose sign-ins wait for a reviewer: once approved (auth/confirm/login-confirm.ts).
  if (!mfaEnabled(user, settings) && !needsConfirmation(db, settings, user)) recordSignIn(request, user, type, ip);
  return { ok: true, user };
}

const busy = (lang: Lang): LoginResult => ({ ok: false, error: 'busy', msg: t(lang, 'auth.busy') });

/** The successful sign-in: its login log row (with 2.3's `mfa` = whether MFA is on) and last_login. */
export function recordSignIn(request: FastifyRequest, user: UserRow, type: 'W' | 'T', ip = request.ip): void {
  const { db, now, settings } = request.server.bastion;
  const nowMs = now();
  clearFailures(db, user.username, ip); // wrong MFA codes before the right one count no more
  setLastLogin(db, user.id, new Date(nowMs).toISOString());
  recordLogin(
    db,
    {
      username: user.username,
      type,
      ip,
      userAgent: headerValue(request, 'user-agent') ?? '',
      reason: '',
      success: true,
      mfa: mfaEnabled(user, settings) ? 1 : 0,
    },
    nowMs,
  );
}

/**
 * SECURITY_PASSWORD_EXPIRATION_TIME, checked as 2.3 checks it after the credentials: the sign-in is refused
 * (reason password_expired) until an administrator sets a new password. Unlike 2.3 it does not count toward
 * the lockout: the right password is no guessing attempt.
 */
export function passwordExpiredRefusal(
  request: FastifyRequest,
  user: UserRow,
  log: (reason: string, success: boolean) => void,
): LoginResult | null {
  const { settings, now } = request.server.bastion;
  if (!passwordHasExpired(user, settings, now())) return null;
  log('password_expired', false);
  return { ok: false, error: 'password_expired', msg: t(request.ctx.lang, 'auth.password_expired') };
}
