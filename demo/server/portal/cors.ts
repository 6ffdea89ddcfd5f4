// Cross-origin portals (BASTION_CORS_ORIGINS): for the origins listed, and those only, the element
// scripts and chunks under /ui/ load from another site (CORS, and a Cross-Origin-Resource-Policy that
// lets them), and the API and the authorization server (/oidc/) answer preflights and carry
// Access-Control-Allow-Origin with the caller's own origin. No credentials are ever allowed across
// origins: a portal calls with a bearer token (portal-tokens.ts), never with the bastion's cookies, so
// the session cookie and its CSRF check stay a same-origin affair. Any other origin gets no CORS header.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headerValue } from '../core/auth/request-context.ts';
import { TOKEN_EXPIRES_HEADER } from '../core/auth/portal-tokens.ts';

export const CORS_ORIGINS_ENV = 'BASTION_CORS_ORIGINS';

/** What a portal's calls may carry (http.ts sends these; oidc-client-ts sends Content-Type). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, X-TZ, X-JMS-ORG, X-CSRFToken';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PREFLIGHT_MAX_AGE = '600';

/** Where CORS applies: the console's files, the API and the authorization server. */
const CORS_PATH = /^\/(ui|api|oidc)(\/|$)/;

/**
 * The origins of BASTION_CORS_ORIGINS (comma-separated, e.g. `https://portal.example.com,http://127.0.0.2:8081`);
 * unset or blank is none. Each must be an origin exactly (scheme, host, optional port; no path, no `*`):
 * a typo stops the server instead of opening it to something else.
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const item of items) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      /* reported below */
    }
    const origin = url && /^https?:$/.test(url.protocol) ? url.origin : null;
    if (!origin || origin !== item.replace(/\/$/, ''))
      throw new Error(`${CORS_ORIGINS_ENV}: not an origin (scheme://host[:port]): ${item}`);
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** The request's Origin when it is one of `origins`. */
export function allowedOrigin(request: FastifyRequest, origins: readonly string[]): string | null {
  const origin = headerValue(request, 'origin');
  return origin && origins.includes(origin) ? origin : null;
}

/** The CORS headers an allowed origin's answer carries (a raw response: /oidc/ answers are not Fastify's). */
export function corsHeaders(origin: string, path: string): Record<string, string> {
  // The portal token's remaining lifetime (portal-tokens.ts) is read by the elements' script.
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': TOKEN_EXPIRES_HEADER,
  };
  // Scripts a portal page runs: a no-cors load (a preload, an icon) must not be blocked by CORP either.
  if (path.startsWith('/ui/')) headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
  return headers;
}

function addVary(reply: FastifyReply, value: string): void {
  const present = [reply.getHeader('vary'), reply.raw.getHeader('vary')]
    .flatMap((v) => (v === undefined ? [] : String(v).split(',')))
    .map((v) => v.trim())
    .filter(Boolean);
  if (!present.some((v) => v.toLowerCase() === value.toLowerCase())) present.push(value);
  reply.header('vary', [...new Set(present)].join(', '));
}

export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!CORS_PATH.test(path)) return;
    const origin = allowedOrigin(request, origins);
    if (!origin) return;
    // A preflight is answered here, before any route: the API's own OPTIONS (DRF metadata) needs a user.
    if (
      request.method === 'OPTIONS' &&
      headerValue(request, 'access-control-request-method') &&
      !path.startsWith('/ui/')
    ) {
      return reply
        .code(204)
        .headers({
          ...corsHeaders(origin, path),
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': PREFLIGHT_MAX_AGE,
          Vary: 'Origin',
        })
        .send();
    }
    reply.headers(corsHeaders(origin, path));
  });
  // Every answer under these paths depends on the Origin it was asked with: a shared cache keeps them apart.
  app.addHook('onSend', async (request, reply) => {
    if (CORS_PATH.test(request.url.split('?')[0])) addVary(reply, 'Origin');
  });
}
