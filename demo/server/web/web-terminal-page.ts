// GET /luna/: the web terminal page (demo/web-terminal.html, the <bastion-web-terminal> element),
// where the user page's Connect and the WebTerminal menu link lead (`/luna/?login_to=<asset id>`,
// `/luna/?_=<load time>`). Only for a signed-in browser: anyone else goes to the login form, which
// brings them back here. The asset asked for reaches the element as an attribute, escaped.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_PATH } from '../auth/login-routes.ts';
import { isValidUser } from '../auth/permissions.ts';
import { singleValues } from '../engine/query-params.ts';
import { escapeHtml } from '../lib/html.ts';
import { preloadLinks, withPreloads } from './embed-route.ts';

export const WEB_TERMINAL_PATH = '/luna/';
const PAGE_FILE = new URL('../../web-terminal.html', import.meta.url);
const ELEMENT_ENTRY = 'bastion-web-terminal.js';
const TAG = '<bastion-web-terminal>';

const signedIn = (request: FastifyRequest) => {
  const { ctx } = request;
  return !!ctx.user && ctx.via === 'session' && isValidUser(ctx.user, request.server.bastion.now());
};

/** The page with the element's attributes (escaped) and the entry's shared chunks preloaded. */
export function renderWebTerminalPage(html: string, attrs: Record<string, string | undefined>, links: string): string {
  const attributes = Object.entries(attrs).filter(([, value]) => value).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  return withPreloads(html.replace(TAG, `<bastion-web-terminal${attributes}>`), links);
}

export function registerWebTerminalPage(app: FastifyInstance, distDir?: string): void {
  app.get('/luna', (request, reply) => reply.redirect(`${WEB_TERMINAL_PATH}${request.url.slice('/luna'.length)}`));
  app.get(WEB_TERMINAL_PATH, (request, reply) => {
    if (!signedIn(request)) return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(request.url)}`);
    const query = singleValues(request.query as Record<string, unknown>);
    // `type` comes with the user page's application Connect links (`?type=mysql&login_to=<app>`).
    const attrs = { 'login-to': query.login_to, 'app-type': query.type };
    // Read per request: a rebuild while the server runs renames the hashed chunks it preloads.
    const html = renderWebTerminalPage(readFileSync(PAGE_FILE, 'utf8'), attrs, preloadLinks(distDir, ELEMENT_ENTRY));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
}
