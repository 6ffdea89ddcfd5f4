import type { Lang } from '../lib/i18n.ts';
import { t } from '../lib/i18n.ts';
import { escapeHtml as e } from '../lib/html.ts';

export interface LoginPageModel { lang: Lang; csrfToken: string; next: string; username: string; error: string }

/** The small server-rendered form of `/core/auth/login/` (the password is posted plain; see README). */
export function renderLoginPage(m: LoginPageModel): string {
  const error = m.error ? `<p class="error" role="alert">${e(m.error)}</p>` : '';
  return `<!doctype html>
<html lang="${m.lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t(m.lang, 'login.title'))}</title>
<link rel="icon" href="/static/img/facio.ico">
<style>
body { font-family: system-ui, sans-serif; background: #f3f3f4; margin: 0; display: grid; place-items: center; min-height: 100vh; }
form { background: #fff; padding: 32px; width: 320px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 20px; margin: 0 0 20px; } label { display: block; margin: 12px 0 4px; font-size: 14px; }
input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px; font-size: 14px; }
button { margin-top: 20px; width: 100%; padding: 10px; background: #1ab394; color: #fff; border: 0; font-size: 15px; cursor: pointer; }
.error { color: #c0392b; font-size: 13px; }
</style>
</head>
<body>
<form method="post" action="/core/auth/login/">
<h1>${e(t(m.lang, 'login.welcome'))}</h1>
${error}
<input type="hidden" name="csrfmiddlewaretoken" value="${e(m.csrfToken)}">
<input type="hidden" name="next" value="${e(m.next)}">
<label for="username">${e(t(m.lang, 'login.username'))}</label>
<input type="text" id="username" name="username" value="${e(m.username)}" autocomplete="username" required autofocus>
<label for="password">${e(t(m.lang, 'login.password'))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">${e(t(m.lang, 'login.submit'))}</button>
</form>
</body>
</html>
`;
}
