// The browser login flow of JumpServer: HTML form, session cookie, csrftoken rotation, logout.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../core/lib/i18n.ts';
import { randomToken } from '../../core/lib/ids.ts';
import { checkCredentials } from './credentials.ts';
import { setCsrfCookie } from '../../core/auth/csrf-cookie.ts';
import { captchaRequired, captchaSolved, newCaptcha, registerCaptchaRoutes, requireCaptcha } from './login-captcha.ts';
import { loginFlow } from './login-flow.ts';
import { continueLogin } from './login-guard.ts';
import { renderLoginPage } from './login-page.ts';
import { clearLoginKeyPair, decryptLoginPassword, loginPublicKey } from './login-rsa.ts';
import { registerLoginScripts } from './login-scripts.ts';
import { consoleNext, requestOrigin, safeNext } from './safe-next.ts';
import { headerValue } from '../../core/auth/request-context.ts';
import { deleteSession, revokeBearerTokens } from '../../core/auth/sessions.ts';
import { LOGIN_PATH } from '../../core/auth/paths.ts';

function renderForm(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { next: string; username?: string; error?: string; status?: number },
) {
  const { db, now } = request.server.bastion;
  const csrfToken = request.cookies.csrftoken || randomToken();
  if (csrfToken !== request.cookies.csrftoken) setCsrfCookie(reply, csrfToken);
  const publicKey = loginPublicKey(loginFlow(request, reply));
  const captcha = captchaRequired(db, request.ip, now()) ? newCaptcha(db, now()) : null;
  return reply
    .code(opts.status ?? 200)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      renderLoginPage({
        lang: request.ctx.lang,
        csrfToken,
        next: opts.next,
        username: opts.username ?? '',
        error: opts.error ?? '',
        publicKey,
        captcha,
      }),
    );
}

export function registerLoginRoutes(app: FastifyInstance): void {
  app.get('/', (_request, reply) => reply.redirect('/ui/'));
  registerLoginScripts(app);
  registerCaptchaRoutes(app);

  app.get(LOGIN_PATH, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return renderForm(request, reply, { next: safeNext(query.next, '', requestOrigin(request)) });
  });

  app.post(LOGIN_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = safeNext(body.next, '', requestOrigin(request));
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const cookieToken = request.cookies.csrftoken;
    if (!cookieToken || body.csrfmiddlewaretoken !== cookieToken) {
      return renderForm(request, reply, {
        next,
        username,
        error: t(request.ctx.lang, 'auth.csrf_failed'),
        status: 403,
      });
    }
    const { db, now } = app.bastion;
    // As 2.3's form validation: a wrong or missing captcha refuses before the password is looked at
    // (no login log, no count toward the lockout).
    if (captchaRequired(db, request.ip, now()) && !captchaSolved(db, body.captcha_0, body.captcha_1, now())) {
      return renderForm(request, reply, { next, username, error: t(request.ctx.lang, 'login.captcha_invalid') });
    }
    const flow = loginFlow(request, reply);
    const password = decryptLoginPassword(flow, typeof body.password === 'string' ? body.password : '');
    const result = await checkCredentials(request, username, password, 'W');
    if (!result.ok) {
      if (result.error !== 'busy') requireCaptcha(db, request.ip, now());
      return renderForm(request, reply, {
        next,
        username,
        error: result.msg,
        status: result.error === 'busy' ? 429 : undefined,
      });
    }
    clearLoginKeyPair(flow);
    return continueLogin(request, reply, result.user, next);
  });

  // Logging out ends this session and every bearer token of the caller, then shows the login form,
  // whose next brings the user back to the console page they left. A cross-site page cannot log a
  // user out (GET stays for 2.3 clients; browsers send Sec-Fetch-Site on every navigation).
  app.get('/core/auth/logout/', (request, reply) => {
    if (headerValue(request, 'sec-fetch-site') === 'cross-site') {
      return reply.code(403).send({ detail: t(request.ctx.lang, 'auth.cross_site_logout') });
    }
    const { db } = app.bastion;
    const sessionId = request.cookies.sessionid;
    if (sessionId) deleteSession(db, sessionId);
    if (request.ctx.user) revokeBearerTokens(db, request.ctx.user.id);
    reply.clearCookie('sessionid', { path: '/' });
    const next = consoleNext((request.query as Record<string, unknown>).next);
    return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(next)}`);
  });
}
