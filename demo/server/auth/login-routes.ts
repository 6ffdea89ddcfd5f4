// The browser login flow of JumpServer: HTML form, session cookie, csrftoken rotation, logout.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../lib/i18n.ts';
import { randomToken } from '../lib/ids.ts';
import { checkCredentials } from './credentials.ts';
import { renderLoginPage } from './login-page.ts';
import { createSession, deleteSession } from './sessions.ts';

export const LOGIN_PATH = '/core/auth/login/';
const CSRF_COOKIE_AGE = 365 * 24 * 3600; // Django's CSRF_COOKIE_AGE

/** Only same-site relative paths: "/x" but not "//host", "/\\host" or "http://…". */
export function safeNext(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return fallback;
  return value;
}

function setCsrfCookie(reply: FastifyReply, token: string): void {
  // Not HttpOnly: the console reads it and echoes it in X-CSRFToken.
  reply.setCookie('csrftoken', token, { path: '/', sameSite: 'lax', maxAge: CSRF_COOKIE_AGE });
}

function renderForm(request: FastifyRequest, reply: FastifyReply, opts: { next: string; username?: string; error?: string; status?: number }) {
  const csrfToken = request.cookies.csrftoken || randomToken();
  if (csrfToken !== request.cookies.csrftoken) setCsrfCookie(reply, csrfToken);
  return reply.code(opts.status ?? 200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
    .send(renderLoginPage({ lang: request.ctx.lang, csrfToken, next: opts.next, username: opts.username ?? '', error: opts.error ?? '' }));
}

export function registerLoginRoutes(app: FastifyInstance): void {
  app.get('/', (_request, reply) => reply.redirect('/ui/'));

  app.get(LOGIN_PATH, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return renderForm(request, reply, { next: safeNext(query.next, '') });
  });

  app.post(LOGIN_PATH, (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = safeNext(body.next, '');
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const cookieToken = request.cookies.csrftoken;
    if (!cookieToken || body.csrfmiddlewaretoken !== cookieToken) {
      return renderForm(request, reply, { next, username, error: t(request.ctx.lang, 'auth.csrf_failed'), status: 403 });
    }
    const result = checkCredentials(request, username, password, 'W');
    if (!result.ok) return renderForm(request, reply, { next, username, error: result.msg });

    const { db, now, loginAgeMs } = app.bastion;
    if (request.cookies.sessionid) deleteSession(db, request.cookies.sessionid);
    const sessionId = createSession(db, result.user.id, now(), loginAgeMs);
    reply.setCookie('sessionid', sessionId, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: Math.ceil(loginAgeMs / 1000) });
    setCsrfCookie(reply, randomToken()); // Django rotates the token at login.
    return reply.redirect(next || '/ui/');
  });

  app.get('/core/auth/logout/', (request, reply) => {
    const sessionId = request.cookies.sessionid;
    if (sessionId) deleteSession(app.bastion.db, sessionId);
    reply.clearCookie('sessionid', { path: '/' });
    return reply.redirect(safeNext((request.query as Record<string, unknown>).next, LOGIN_PATH));
  });
}
