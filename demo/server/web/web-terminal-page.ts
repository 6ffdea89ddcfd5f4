// GET /luna/: the web terminal page (demo/web-terminal.html, the <bastion-web-terminal> element),
// where the user page's Connect and the WebTerminal menu link lead (`/luna/?login_to=<asset id>`,
// `/luna/?_=<load time>`). Only for a signed-in browser: anyone else goes to the login form, which
// brings them back here. The asset asked for reaches the element as an attribute, escaped.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH } from '../core/auth/paths.ts';
import { singleValues } from '../engine/query-params.ts';
import { signedInBrowser } from '../core/auth/browser-origin.ts';
import { pageLang } from '../core/lib/i18n.ts';
import { preloadLinks, renderElementPage } from './embed-route.ts';

export const WEB_TERMINAL_PATH = '/luna/';
const PAGE_FILE = new URL('../../web-terminal.html', import.meta.url);
const ELEMENT_ENTRY = 'bastion-web-terminal.js';
const TAG = 'bastion-web-terminal';

export function registerWebTerminalPage(app: FastifyInstance, distDir?: string): void {
  app.get('/luna', (request, reply) => reply.redirect(`${WEB_TERMINAL_PATH}${request.url.slice('/luna'.length)}`));
  app.get(WEB_TERMINAL_PATH, (request, reply) => {
    if (!signedInBrowser(request)) return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(request.url)}`);
    const query = singleValues(request.query as Record<string, unknown>);
    // `type` comes with the user page's application Connect links (`?type=mysql&login_to=<app>`).
    const attrs = { 'login-to': query.login_to, 'app-type': query.type };
    // Read per request: a rebuild while the server runs renames the hashed chunks it preloads.
    const html = renderElementPage(
      readFileSync(PAGE_FILE, 'utf8'),
      TAG,
      attrs,
      preloadLinks(distDir, ELEMENT_ENTRY),
      pageLang(request.cookies.django_language),
    );
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
}
