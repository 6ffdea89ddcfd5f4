// 2.3's MFAMixin on the user (apps/users/models/user.py): whether a sign-in owes a code, and whether the
// user still has to bind an authenticator first (MFA on, no secret: forced binding).
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../core/context.ts';
import type { Settings } from '../../core/context.ts';
import { isBlocked, recordFailure } from '../../core/auth/lockout.ts';
import { recordLogin } from '../login/login-log-store.ts';
import { headerValue } from '../../core/auth/request-context.ts';

type MfaUser = Pick<UserRow, 'mfa_level'> & { otp_secret_key?: string | null };

/** mfa_enabled: forced for everyone by SECURITY_MFA_AUTH, or the user's level 1 (on) / 2 (forced). */
export const mfaEnabled = (user: MfaUser, settings: Settings): boolean =>
  settings.get<boolean>('SECURITY_MFA_AUTH') === true || user.mfa_level > 0;

/** mfa_force_enabled: the user may not turn it off. */
export const mfaForced = (user: MfaUser, settings: Settings): boolean =>
  settings.get<boolean>('SECURITY_MFA_AUTH') === true || user.mfa_level === 2;

/** mfa_enabled_but_not_set: the sign-in goes through the OTP binding instead of the code step. */
export const mfaUnset = (user: MfaUser, settings: Settings): boolean =>
  mfaEnabled(user, settings) && !user.otp_secret_key;

/** A login log row for a refused MFA step (2.3's MFAFailedError / MFAUnsetError are logged). */
export function logMfaFailure(
  request: FastifyRequest,
  username: string,
  type: 'W' | 'T',
  reason = 'mfa_failed',
  ip = request.ip,
): void {
  const { db, now } = request.server.bastion;
  recordLogin(
    db,
    { username, type, ip, userAgent: headerValue(request, 'user-agent') ?? '', reason, success: false },
    now(),
  );
}

/**
 * A wrong code counts toward the login lockout of (username, address), like a wrong password. 2.3.1 only
 * logged it, which lets whoever knows the password try codes without end during the sign-in flow; here the
 * SECURITY_LOGIN_LIMIT_* rule stops that too. Returns whether the user is now blocked.
 */
export function countMfaFailure(request: FastifyRequest, username: string, ip = request.ip): boolean {
  const { db, now, settings } = request.server.bastion;
  const policy = {
    limitCount: settings.get<number>('SECURITY_LOGIN_LIMIT_COUNT'),
    limitMinutes: settings.get<number>('SECURITY_LOGIN_LIMIT_TIME'),
  };
  recordFailure(db, username, ip, now(), policy);
  return isBlocked(db, username, now());
}
