// The OTP pages of 2.3 (users/views/profile/otp.py) under /core/auth/profile/otp/: a signed-in user
// enables MFA (password first, then bind), changes the authenticator (a current code first) or disables
// it (a code); a user the login flow remembers with MFA forced but unbound binds here and is signed in.
// Each step's proof lives AUTH_PROOF_MS (2.3's AUTH_EXPIRED_SECONDS) in the browser's login flow.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { UserRow } from '../../core/context.ts';
import { escapeHtml as e } from '../../core/lib/html.ts';
import { t } from '../../core/lib/i18n.ts';
import { loginFlow, type LoginFlow } from '../login/login-flow.ts';
import { finishPendingLogin, pendingUser } from '../login/login-guard.ts';
import { logMfaFailure, mfaEnabled, mfaForced, mfaUnset } from './mfa-state.ts';
import { OTP_PATHS } from './otp-paths.ts';
import { csrfOk, formBody, postedCode, sendMessagePage, sendOtpForm } from './otp-page.ts';
import { userForPassword } from '../login/password-check.ts';
import { requestOrigin, safeNext } from '../login/safe-next.ts';
import { headerValue } from '../../core/auth/request-context.ts';
import { deleteSession, userForSession } from '../../core/auth/sessions.ts';
import { bindOtpSecret, disableMfa, readOtpSecret, userById } from '../../users/user-store.ts';
import { newOtpSecret, otpUri, verifyTotp } from './totp.ts';
import { credentialsLocked, credentialsLockedText } from '../../core/auth/credential-lock.ts';
import { LOGIN_PATH } from '../../core/auth/paths.ts';

const AUTH_PROOF_MS = 5 * 60_000;

type OtpUser = UserRow & { otp_secret_key: string | null };

/**
 * The signed-in (browser session) user, fresh from the table. A form post carries its CSRF token in the
 * body, not in X-CSRFToken, so request-context left it anonymous: the session is read here after the
 * body's token matched the cookie.
 */
function sessionUser(request: FastifyRequest): OtpUser | null {
  const { ctx } = request;
  const { db, now } = request.server.bastion;
  let id = ctx.user && ctx.via === 'session' ? ctx.user.id : null;
  const sessionId = request.cookies.sessionid;
  if (
    !id &&
    request.method === 'POST' &&
    sessionId &&
    !headerValue(request, 'authorization') &&
    csrfOk(request, formBody(request))
  ) {
    id = userForSession(db, sessionId, now())?.user.id ?? null;
  }
  if (!id) return null;
  return (userById(db, id) as OtpUser | undefined) ?? null;
}

/** Whether the browser session of this request came from a sign-in a reviewer approved (login confirmation). */
function sessionApproved(request: FastifyRequest): boolean {
  if (request.ctx.via === 'session') return request.ctx.loginConfirmed === true;
  const sessionId = request.cookies.sessionid;
  return (
    !!sessionId &&
    userForSession(request.server.bastion.db, sessionId, request.server.bastion.now())?.confirmed === true
  );
}

const recent = (flow: LoginFlow, user: UserRow, key: 'otpPasswordAt' | 'otpCodeAt', nowMs: number): boolean => {
  const at = flow.data[key];
  return flow.data.otpAuthUserId === user.id && typeof at === 'number' && nowMs - at < AUTH_PROOF_MS;
};

/** Who may see the binding page now (2.3's _check_can_bind), and whether it is the forced sign-in. */
function binder(request: FastifyRequest, flow: LoginFlow): { user: OtpUser; pending: boolean } | null {
  const { settings, now } = request.server.bastion;
  const signedIn = sessionUser(request);
  if (signedIn) {
    // Binding over an existing authenticator needs a code of it (update/); otherwise the password (start/).
    const proof = mfaEnabled(signedIn, settings) && signedIn.otp_secret_key ? 'otpCodeAt' : 'otpPasswordAt';
    return recent(flow, signedIn, proof, now()) ? { user: signedIn, pending: false } : null;
  }
  const pending = pendingUser(request, flow) as OtpUser | null;
  return pending && mfaUnset(pending, settings) ? { user: pending, pending: true } : null;
}

const nextOf = (request: FastifyRequest): string => {
  const query = request.query as Record<string, unknown>;
  const body = formBody(request);
  return safeNext(body.next ?? query.next, '', requestOrigin(request));
};

export function registerOtpProfileRoutes(app: FastifyInstance): void {
  const forbidden = (request: FastifyRequest, reply: FastifyReply) =>
    sendMessagePage(request, reply, {
      title: t(request.ctx.lang, 'mfa.bind_title'),
      message: t(request.ctx.lang, 'mfa.forbidden'),
      link: OTP_PATHS.enableStart,
      linkText: t(request.ctx.lang, 'mfa.next'),
      status: 403,
    });
  const toLogin = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(request.url.split('?')[0])}`);
  // MFA is a credential: a signed-in user under login confirmation changes it only from an approved sign-in
  // (core/auth/credential-lock.ts). The first authenticator a forced sign-in binds is not a change of one.
  const locked = (request: FastifyRequest, user: OtpUser) =>
    credentialsLocked(app.bastion.db, app.bastion.settings, user, sessionApproved(request));
  const lockedPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendMessagePage(request, reply, {
      title: t(request.ctx.lang, 'mfa.bind_title'),
      message: credentialsLockedText(request.ctx.lang),
      link: '/ui/#/users/profile/',
      linkText: 'OK',
      status: 403,
    });

  // start/: the password again (2.3's UserVerifyPasswordView); a forced sign-in has just given it.
  const startForm = (request: FastifyRequest, reply: FastifyReply, error = '', status = 200) =>
    sendOtpForm(request, reply, {
      title: t(request.ctx.lang, 'mfa.password_title'),
      action: OTP_PATHS.enableStart,
      field: 'password',
      intro: [t(request.ctx.lang, 'mfa.password_help')],
      next: nextOf(request),
      error,
      status,
    });
  app.get(OTP_PATHS.enableStart, (request, reply) => {
    if (sessionUser(request)) return startForm(request, reply);
    if (pendingUser(request, loginFlow(request, reply))) return reply.redirect(OTP_PATHS.bind);
    return toLogin(request, reply);
  });
  app.post(OTP_PATHS.enableStart, async (request, reply) => {
    const user = sessionUser(request);
    if (!user) return toLogin(request, reply);
    if (locked(request, user)) return lockedPage(request, reply);
    const body = formBody(request);
    if (!csrfOk(request, body)) return startForm(request, reply, t(request.ctx.lang, 'auth.csrf_failed'), 403);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!password || !(await userForPassword(request, user.username, password))) {
      return startForm(request, reply, t(request.ctx.lang, 'mfa.password_invalid'));
    }
    loginFlow(request, reply).update({ otpAuthUserId: user.id, otpPasswordAt: app.bastion.now() });
    const next = nextOf(request);
    return reply.redirect(next ? `${OTP_PATHS.bind}?next=${encodeURIComponent(next)}` : OTP_PATHS.bind);
  });

  // bind/: a new secret as a QR code and as text; a code of it saves it (and turns MFA on).
  const bindForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: OtpUser,
    pending: boolean,
    secret: string,
    error = '',
  ) => {
    const { lang } = request.ctx;
    const qr = await QRCode.toDataURL(otpUri(user.username, secret), { margin: 1, width: 200 });
    const extraHtml = `<p><img class="otp-qr" src="${e(qr)}" alt="${e(t(lang, 'mfa.qr_alt'))}" width="200" height="200"></p>
<p class="help">${e(t(lang, 'mfa.secret_label'))}: <code class="otp-secret">${e(secret)}</code></p>`;
    const intro = pending ? [t(lang, 'mfa.bind_forced'), t(lang, 'mfa.bind_help')] : [t(lang, 'mfa.bind_help')];
    return sendOtpForm(request, reply, {
      title: t(lang, 'mfa.bind_title'),
      action: OTP_PATHS.bind,
      field: 'otp_code',
      intro,
      extraHtml,
      next: nextOf(request),
      error,
    });
  };
  app.get(OTP_PATHS.bind, async (request, reply) => {
    const flow = loginFlow(request, reply);
    const who = binder(request, flow);
    if (!who) return forbidden(request, reply);
    const secret = newOtpSecret();
    flow.update({ otpSecretPending: secret });
    return bindForm(request, reply, who.user, who.pending, secret);
  });
  app.post(OTP_PATHS.bind, async (request, reply) => {
    const { db, now } = app.bastion;
    const flow = loginFlow(request, reply);
    const who = binder(request, flow);
    if (!who) return forbidden(request, reply);
    if (!who.pending && locked(request, who.user)) return lockedPage(request, reply);
    const body = formBody(request);
    const secret = flow.data.otpSecretPending;
    if (!secret) return reply.redirect(OTP_PATHS.bind);
    if (!csrfOk(request, body))
      return bindForm(request, reply, who.user, who.pending, secret, t(request.ctx.lang, 'auth.csrf_failed'));
    // A wrong code keeps the same secret on screen: the app may already hold it.
    if (!verifyTotp(secret, postedCode(body), now()))
      return bindForm(request, reply, who.user, who.pending, secret, t(request.ctx.lang, 'mfa.code_failed'));
    // 2.3's enable_mfa(): level 1 unless already forced (2).
    bindOtpSecret(db, who.user.id, secret);
    flow.update({
      otpSecretPending: undefined,
      otpPasswordAt: undefined,
      otpCodeAt: undefined,
      otpAuthUserId: undefined,
    });
    if (who.pending) {
      const user = userById(db, who.user.id) as UserRow;
      return finishPendingLogin(request, reply, flow, user);
    }
    return reply.redirect(`${OTP_PATHS.success}?next=${encodeURIComponent(nextOf(request))}`);
  });

  // disable/authentication/ and update/: a code of the current authenticator first.
  const codeForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'disable' | 'update',
    error = '',
    status = 200,
  ) =>
    sendOtpForm(request, reply, {
      title: t(request.ctx.lang, kind === 'disable' ? 'mfa.disable_title' : 'mfa.update_title'),
      action: kind === 'disable' ? OTP_PATHS.disable : OTP_PATHS.update,
      field: 'otp_code',
      intro: [t(request.ctx.lang, 'mfa.confirm_help')],
      next: nextOf(request),
      error,
      status,
    });
  for (const kind of ['disable', 'update'] as const) {
    const path = kind === 'disable' ? OTP_PATHS.disable : OTP_PATHS.update;
    const refusal = (request: FastifyRequest, user: OtpUser) => {
      const { lang } = request.ctx;
      if (!user.otp_secret_key || !mfaEnabled(user, app.bastion.settings)) return t(lang, 'mfa.not_enabled');
      if (kind === 'disable' && mfaForced(user, app.bastion.settings)) return t(lang, 'mfa.forced_no_disable');
      return '';
    };
    app.get(path, (request, reply) => {
      const user = sessionUser(request);
      if (!user) return toLogin(request, reply);
      const refused = refusal(request, user);
      if (refused)
        return sendMessagePage(request, reply, {
          title: t(request.ctx.lang, 'mfa.bind_title'),
          message: refused,
          link: '/ui/#/users/profile/',
          linkText: 'OK',
          status: 400,
        });
      return codeForm(request, reply, kind);
    });
    app.post(path, (request, reply) => {
      const { db, now } = app.bastion;
      const user = sessionUser(request);
      if (!user) return toLogin(request, reply);
      if (locked(request, user)) return lockedPage(request, reply);
      const body = formBody(request);
      if (!csrfOk(request, body)) return codeForm(request, reply, kind, t(request.ctx.lang, 'auth.csrf_failed'), 403);
      const refused = refusal(request, user);
      if (refused) return codeForm(request, reply, kind, refused, 400);
      if (!verifyTotp(readOtpSecret(db, user.id), postedCode(body), now())) {
        logMfaFailure(request, user.username, 'W');
        return codeForm(request, reply, kind, t(request.ctx.lang, 'mfa.code_failed'));
      }
      const next = nextOf(request);
      if (kind === 'update') {
        loginFlow(request, reply).update({ otpAuthUserId: user.id, otpCodeAt: now() });
        return reply.redirect(next ? `${OTP_PATHS.bind}?next=${encodeURIComponent(next)}` : OTP_PATHS.bind);
      }
      disableMfa(db, user.id);
      return reply.redirect(`${OTP_PATHS.success}?next=${encodeURIComponent(next)}`);
    });
  }

  // settings-success/: as in 2.3 the change ends the browser session; the user signs in again.
  app.get(OTP_PATHS.success, (request, reply) => {
    const { lang } = request.ctx;
    const user = sessionUser(request);
    if (!user) return reply.redirect(LOGIN_PATH);
    const enabled = mfaEnabled(user, app.bastion.settings);
    if (request.cookies.sessionid) deleteSession(app.bastion.db, request.cookies.sessionid);
    reply.clearCookie('sessionid', { path: '/' });
    const next = safeNext((request.query as Record<string, unknown>).next, '', requestOrigin(request));
    return sendMessagePage(request, reply, {
      title: t(lang, enabled ? 'mfa.enable_success' : 'mfa.disable_success'),
      message: t(lang, enabled ? 'mfa.enable_success_help' : 'mfa.disable_success_help'),
      link: next ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH,
      linkText: t(lang, 'mfa.back_to_login'),
    });
  });
}
