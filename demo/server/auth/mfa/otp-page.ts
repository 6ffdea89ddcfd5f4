// The server pages of MFA (code step, password check, binding, disable, update, success): one small form
// each in the sign-in frame, with the csrftoken cookie echoed as the login form does. Texts are escaped.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml as e } from '../../core/lib/html.ts';
import { t, type Lang } from '../../core/lib/i18n.ts';
import { randomToken } from '../../core/lib/ids.ts';
import { renderAuthPage } from '../login/auth-page-layout.ts';
import { setCsrfCookie } from '../../core/auth/csrf-cookie.ts';

export interface OtpFormPage {
  title: string;
  action: string;
  /** Paragraphs of help shown above the field (text). */
  intro?: string[];
  /** Already-escaped markup shown above the field (the QR code and secret). */
  extraHtml?: string;
  field: 'otp_code' | 'password';
  next?: string;
  error?: string;
  status?: number;
}

/** The csrftoken of the caller, handing a new one out when it has none. */
function csrfOf(request: FastifyRequest, reply: FastifyReply): string {
  const token = request.cookies.csrftoken || randomToken();
  if (token !== request.cookies.csrftoken) setCsrfCookie(reply, token);
  return token;
}

export const csrfOk = (request: FastifyRequest, body: Record<string, unknown>): boolean =>
  !!request.cookies.csrftoken && body.csrfmiddlewaretoken === request.cookies.csrftoken;

function fieldMarkup(lang: Lang, field: OtpFormPage['field']): string {
  if (field === 'password') {
    return `<label for="password">${e(t(lang, 'login.password'))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required autofocus>`;
  }
  return `<label for="otp_code">${e(t(lang, 'mfa.code_label'))}</label>
<input type="text" id="otp_code" name="otp_code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" required autofocus>
<p class="help">${e(t(lang, 'mfa.code_help'))}</p>`;
}

export function sendOtpForm(request: FastifyRequest, reply: FastifyReply, page: OtpFormPage) {
  const { lang } = request.ctx;
  const csrf = csrfOf(request, reply);
  const intro = (page.intro ?? []).map((text) => `<p class="help">${e(text)}</p>`).join('\n');
  const error = page.error ? `<p class="error" role="alert">${e(page.error)}</p>` : '';
  const body = `<form method="post" action="${e(page.action)}">
<h1>${e(page.title)}</h1>
${intro}
${page.extraHtml ?? ''}
${error}
<input type="hidden" name="csrfmiddlewaretoken" value="${e(csrf)}">
<input type="hidden" name="next" value="${e(page.next ?? '')}">
${fieldMarkup(lang, page.field)}
<button type="submit">${e(page.field === 'password' ? t(lang, 'mfa.next') : t(lang, 'mfa.verify'))}</button>
</form>`;
  return reply
    .code(page.status ?? 200)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderAuthPage({ lang, title: page.title, body }));
}

/** A card with a message and a link (the success page; refusals a browser reaches by navigation). */
export function sendMessagePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { title: string; message: string; link: string; linkText: string; status?: number },
) {
  const { lang } = request.ctx;
  const body = `<div class="card">
<h1>${e(page.title)}</h1>
<p class="help" role="status">${e(page.message)}</p>
<p><a href="${e(page.link)}">${e(page.linkText)}</a></p>
</div>`;
  return reply
    .code(page.status ?? 200)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderAuthPage({ lang, title: page.title, body }));
}

/** The six-digit code a form posted ('' when absent or not a string). */
export function postedCode(body: Record<string, unknown>): string {
  const raw = body.otp_code;
  return typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
}

export const formBody = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
};
