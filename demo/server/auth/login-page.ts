import type { Lang } from '../lib/i18n.ts';
import { t } from '../lib/i18n.ts';
import { escapeHtml as e } from '../lib/html.ts';
import { renderAuthPage } from './auth-page-layout.ts';

export interface LoginPageModel { lang: Lang; csrfToken: string; next: string; username: string; error: string }

/** The small server-rendered form of `/core/auth/login/` (the password is posted plain; see README). */
export function renderLoginPage(m: LoginPageModel): string {
  const error = m.error ? `<p class="error" role="alert">${e(m.error)}</p>` : '';
  const body = `<form method="post" action="/core/auth/login/">
<h1>${e(t(m.lang, 'login.welcome'))}</h1>
${error}
<input type="hidden" name="csrfmiddlewaretoken" value="${e(m.csrfToken)}">
<input type="hidden" name="next" value="${e(m.next)}">
<label for="username">${e(t(m.lang, 'login.username'))}</label>
<input type="text" id="username" name="username" value="${e(m.username)}" autocomplete="username" required autofocus>
<label for="password">${e(t(m.lang, 'login.password'))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">${e(t(m.lang, 'login.submit'))}</button>
</form>`;
  return renderAuthPage({ lang: m.lang, title: t(m.lang, 'login.title'), body });
}
