// The frame every server-rendered sign-in page shares (login form, MFA step, OTP binding): one small
// centred card, no script unless the page names its own external file (strict CSP: no inline script).
import type { Lang } from '../../core/lib/i18n.ts';
import { escapeHtml as e } from '../../core/lib/html.ts';

export interface AuthPage {
  lang: Lang;
  title: string;
  /** Already-escaped markup of the card. */
  body: string;
  /** Same-origin script URLs the page loads (deferred). */
  scripts?: string[];
}

// The console's primary green (src/core/ui/theme.ts): white on Lina's #1ab394 was 2.65:1, under 4.5:1.
const STYLE = `body { font-family: system-ui, sans-serif; background: #f3f3f4; margin: 0; display: grid; place-items: center; min-height: 100vh; }
form, .card { background: #fff; padding: 32px; width: 320px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 20px; margin: 0 0 20px; } label { display: block; margin: 12px 0 4px; font-size: 14px; }
input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px; font-size: 14px; }
button { margin-top: 20px; width: 100%; padding: 10px; background: #0f7a65; color: #fff; border: 0; font-size: 15px; cursor: pointer; }
.error { color: #c0392b; font-size: 13px; } .help { color: #676a6c; font-size: 13px; }
.captcha-row { display: flex; align-items: center; gap: 12px; margin-bottom: 8px; } .captcha-row img { border: 1px solid #ddd; }`;

export function renderAuthPage(page: AuthPage): string {
  const scripts = (page.scripts ?? []).map((src) => `<script src="${e(src)}" defer></script>\n`).join('');
  return `<!doctype html>
<html lang="${page.lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.title)}</title>
<link rel="icon" href="/static/img/facio.ico">
<style>
${STYLE}
</style>
${scripts}</head>
<body>
${page.body}
</body>
</html>
`;
}
