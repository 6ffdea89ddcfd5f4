// A terminal (App service account) signing one of its users in (§1.14, contract §2): by password, through
// the same check as the login form (lockout, login log of type T), or by the OpenSSH public key the user
// offered (and proved to hold) on the SSH door, compared with the key registered on the user. The
// terminal settings TERMINAL_PASSWORD_AUTH / TERMINAL_PUBLIC_KEY_AUTH are enforced here, not only by the door.
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { personByUsername } from '../../users/user-store.ts';
import { t } from '../../core/lib/i18n.ts';
import { isBlocked } from '../../core/auth/lockout.ts';
import { recordLogin } from './login-log-store.ts';
import { isValidUser } from '../../core/permissions.ts';
import { checkCredentials, passwordExpiredRefusal, recordSignIn, type LoginResult } from './credentials.ts';
import { mfaEnabled } from '../mfa/mfa-state.ts';
import { needsConfirmation } from '../../core/auth/credential-lock.ts';
import { headerValue } from '../../core/auth/request-context.ts';

export const isOnBehalfCaller = (request: FastifyRequest): boolean => request.ctx.user?.role === 'App';

/** The type and key blob of an OpenSSH public key line, comment ignored. */
function keyBlob(line: string): string | null {
  const [type, data] = line.trim().split(/\s+/);
  return type && data && /^[A-Za-z0-9+/]+={0,2}$/.test(data) ? `${type} ${data}` : null;
}

/** The user's address as the terminal saw it (a valid IP), else the terminal's own. */
export function remoteAddrOf(request: FastifyRequest, body: Record<string, unknown>): string {
  const sent = typeof body.remote_addr === 'string' ? body.remote_addr.trim() : '';
  return sent && isIP(sent) ? sent : request.ip;
}

export async function checkOnBehalf(request: FastifyRequest, body: Record<string, unknown>): Promise<LoginResult> {
  const { db, now, settings } = request.server.bastion;
  const lang = request.ctx.lang;
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  const ip = remoteAddrOf(request, body);
  const publicKey = typeof body.public_key === 'string' ? body.public_key : '';
  const password = typeof body.password === 'string' ? body.password : '';
  const refused = (msg: string): LoginResult => ({ ok: false, error: 'password_failed', msg });
  if (!publicKey || password) {
    if (settings.get<boolean>('TERMINAL_PASSWORD_AUTH') === false)
      return refused('Password authentication is disabled for terminals');
    return checkCredentials(request, username, password, 'T', ip);
  }
  if (settings.get<boolean>('TERMINAL_PUBLIC_KEY_AUTH') === false)
    return refused('Public key authentication is disabled for terminals');
  const nowMs = now();
  const limitMinutes = settings.get<number>('SECURITY_LOGIN_LIMIT_TIME');
  const log = (reason: string, success: boolean) =>
    recordLogin(
      db,
      {
        username,
        type: 'T',
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
  const user = personByUsername(db, username);
  const offered = keyBlob(publicKey);
  // A key that is not the user's counts nothing toward the lockout: SSH clients offer each key they hold
  // in turn, and the door has checked the signature, so the caller does hold that key.
  if (!user || !offered || !user.public_key || keyBlob(user.public_key) !== offered) {
    log('public_key_failed', false);
    return refused(lang === 'zh' ? '公钥不正确' : 'The public key is not correct');
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
  // With MFA the sign-in is recorded once the code is given (auth/login/token-routes.ts).
  if (!mfaEnabled(user, settings) && !needsConfirmation(db, settings, user)) recordSignIn(request, user, 'T', ip);
  return { ok: true, user };
}
