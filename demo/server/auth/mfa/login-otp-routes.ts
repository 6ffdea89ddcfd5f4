// 2.3's UserLoginOtpView at /core/auth/login/otp/: the user the login flow remembers gives the code of
// their authenticator (field otp_code); a right code starts the session and goes on to `next`, a wrong
// one shows the form again with 2.3's message and a login log row (reason mfa_failed). Unlike 2.3.1, a wrong
// code also counts toward the login lockout (mfa-state.ts countMfaFailure); once blocked, back to the login form.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../core/lib/i18n.ts';
import { loginFlow } from '../login/login-flow.ts';
import { finishPendingLogin, pendingUser } from '../login/login-guard.ts';
import { countMfaFailure, logMfaFailure, mfaUnset } from './mfa-state.ts';
import { OTP_PATHS } from './otp-paths.ts';
import { csrfOk, formBody, postedCode, sendOtpForm } from './otp-page.ts';
import { readOtpSecret } from '../../users/user-store.ts';
import { verifyTotp } from './totp.ts';
import { LOGIN_PATH } from '../../core/auth/paths.ts';

export function registerLoginOtpRoutes(app: FastifyInstance): void {
  const form = (request: FastifyRequest, error = '', status = 200) => ({
    title: t(request.ctx.lang, 'mfa.login_title'),
    action: OTP_PATHS.loginOtp,
    field: 'otp_code' as const,
    error,
    status,
  });

  app.get(OTP_PATHS.loginOtp, (request, reply) => {
    const user = pendingUser(request, loginFlow(request, reply));
    if (!user) return reply.redirect(LOGIN_PATH);
    if (mfaUnset(user, app.bastion.settings)) return reply.redirect(OTP_PATHS.bind);
    return sendOtpForm(request, reply, form(request));
  });

  app.post(OTP_PATHS.loginOtp, (request, reply) => {
    const { settings, db, now } = app.bastion;
    const { lang } = request.ctx;
    const flow = loginFlow(request, reply);
    const user = pendingUser(request, flow);
    if (!user) return reply.redirect(LOGIN_PATH);
    const body = formBody(request);
    if (!csrfOk(request, body)) return sendOtpForm(request, reply, form(request, t(lang, 'auth.csrf_failed'), 403));
    if (mfaUnset(user, settings)) return reply.redirect(OTP_PATHS.bind);
    if (!verifyTotp(readOtpSecret(db, user.id), postedCode(body), now())) {
      logMfaFailure(request, user.username, 'W');
      if (countMfaFailure(request, user.username)) return reply.redirect(LOGIN_PATH);
      return sendOtpForm(request, reply, form(request, t(lang, 'mfa.code_failed')));
    }
    return finishPendingLogin(request, reply, flow, user);
  });
}
