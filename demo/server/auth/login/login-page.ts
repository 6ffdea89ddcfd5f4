import type { Lang } from '../../core/lib/i18n.ts';
import { t } from '../../core/lib/i18n.ts';
import { escapeHtml as e } from '../../core/lib/html.ts';
import { renderAuthPage } from './auth-page-layout.ts';
import type { Captcha } from './login-captcha.ts';

export interface LoginPageModel {
  lang: Lang;
  csrfToken: string;
  next: string;
  username: string;
  error: string;
  /** The flow's RSA public key (PEM): the form's script encrypts the password with it. */
  publicKey: string;
  /** Asked after a failed login from the caller's address. */
  captcha: Captcha | null;
}

/** jsencrypt at 2.3's own path, then the script that encrypts the password on submit (no inline script). */
export const LOGIN_SCRIPTS = ['/static/js/plugins/jsencrypt/jsencrypt.min.js', '/static/js/login-form.js'];

// Same field names as 2.3's Django captcha widget (captcha_0 = key, captcha_1 = answer, img.captcha),
// so a client of either server reads it the same way. The refresh link simply shows the form again.
function captchaFields(m: LoginPageModel): string {
  if (!m.captcha) return '';
  const again = `/core/auth/login/${m.next ? `?next=${encodeURIComponent(m.next)}` : ''}`;
  return `<label for="id_captcha_1">${e(t(m.lang, 'login.captcha'))}</label>
<div class="captcha-row"><img src="${e(m.captcha.imageUrl)}" alt="captcha" class="captcha" width="120" height="40">
<a class="captcha-refresh" href="${e(again)}">${e(t(m.lang, 'login.captcha_refresh'))}</a></div>
<input type="hidden" name="captcha_0" value="${e(m.captcha.key)}">
<input type="text" id="id_captcha_1" name="captcha_1" autocomplete="off" autocapitalize="off" spellcheck="false" required>`;
}

/**
 * The small server-rendered form of `/core/auth/login/`. As in 2.3 the typed password has no name:
 * the form's script posts it RSA-encrypted in the hidden `password` field, so without script the
 * form cannot sign in.
 */
export function renderLoginPage(m: LoginPageModel): string {
  const error = m.error ? `<p class="error" role="alert">${e(m.error)}</p>` : '';
  const body = `<form id="login-form" method="post" action="/core/auth/login/" data-rsa-public-key="${e(m.publicKey)}">
<h1>${e(t(m.lang, 'login.welcome'))}</h1>
${error}
<input type="hidden" name="csrfmiddlewaretoken" value="${e(m.csrfToken)}">
<input type="hidden" name="next" value="${e(m.next)}">
<label for="username">${e(t(m.lang, 'login.username'))}</label>
<input type="text" id="username" name="username" value="${e(m.username)}" autocomplete="username" required autofocus>
<label for="password">${e(t(m.lang, 'login.password'))}</label>
<input type="password" id="password" autocomplete="current-password" required>
<input type="hidden" id="password-hidden" name="password">
${captchaFields(m)}
<noscript><p class="help">${e(t(m.lang, 'login.needs_script'))}</p></noscript>
<button type="submit">${e(t(m.lang, 'login.submit'))}</button>
</form>`;
  return renderAuthPage({ lang: m.lang, title: t(m.lang, 'login.title'), body, scripts: LOGIN_SCRIPTS });
}
