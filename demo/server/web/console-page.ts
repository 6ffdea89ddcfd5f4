// GET /ui/: the standalone console's page (dist/index.html) with the caller's bootstrap data in it —
// public settings and, for a signed-in caller, the profile the console would otherwise fetch in
// sequence before its first screen (three round trips). The data is per request and per user, so
// the page is never stored by any cache. Embedded elements do not need it: without the block the
// console fetches the same data itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidUser } from '../core/permissions.ts';
import { touchSession } from '../core/auth/sessions.ts';
import { detectLang } from '../core/lib/i18n.ts';
import { orgFromValue } from '../core/orgs/current-org.ts';
import { publicSettings } from '../settings/routes.ts';
import { buildProfile } from '../users/profile.ts';

/** The id of the `<script type="application/json">` block; src/core/bootstrap.ts reads it. */
export const BOOTSTRAP_ID = 'bastion-bootstrap';

/** The org id the console asks in before it has chosen one: its `jms_current_org` cookie (src/core/stores/org.ts). */
function savedOrgId(request: FastifyRequest): string | undefined {
  try {
    const org = JSON.parse(request.cookies.jms_current_org ?? 'null') as { id?: unknown } | null;
    return typeof org?.id === 'string' ? org.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What GET /api/v1/settings/public/ and GET /api/v1/users/profile/ would answer this caller, with
 * the org, language and time zone the profile was built in, so the console can tell whether it is
 * the answer its own call would get (its calls carry X-JMS-ORG, Accept-Language and X-TZ).
 */
export function bootstrapData(app: FastifyInstance, request: FastifyRequest) {
  const { db, settings, now, loginAgeMs } = app.bastion;
  const { ctx } = request;
  const data: Record<string, unknown> = { publicSettings: publicSettings(settings) };
  // Only a browser session: the page is what a signed-in browser opens.
  if (ctx.user && ctx.via === 'session' && ctx.sessionId && isValidUser(ctx.user, now())) {
    const asked = savedOrgId(request);
    // Without a saved org the console sends no X-JMS-ORG, so its call lands where this request did.
    const org = asked === undefined ? ctx.org : orgFromValue(db, asked);
    // The console's own calls send its language, which is django_language or else Chinese (it
    // ignores the browser's Accept-Language, src/core/stores/locale.ts): build the profile in it.
    const lang = detectLang(request.cookies.django_language, undefined);
    touchSession(db, ctx.sessionId, now(), loginAgeMs);
    Object.assign(data, {
      profile: buildProfile(db, settings, ctx.user, { org, lang, tz: ctx.tz }, now()),
      org: asked ?? null,
      lang,
      tz: ctx.tz,
    });
  }
  return data;
}

/** JSON inside `<script>`: a `<` could close the element or open a comment, so it is escaped. */
export const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page with the data block at the end of its head (the console's module script runs after parsing). */
export function renderConsolePage(html: string, data: unknown): string {
  const block = `<script type="application/json" id="${BOOTSTRAP_ID}">${jsonForScript(data)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `  ${block}\n</head>`) : `${html}\n${block}`;
}

export function registerConsolePage(app: FastifyInstance, distDir: string): void {
  const send = (request: FastifyRequest, reply: FastifyReply) => {
    // Read per request: a rebuild while the server runs renames the hashed chunks it preloads.
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderConsolePage(html, bootstrapData(app, request)));
  };
  app.get('/ui/', send);
  app.get('/ui/index.html', send);
}
