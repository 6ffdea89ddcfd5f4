// Resolves who is calling (an Authorization header, else session cookie + CSRF), in which org, language and zone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext, UserRow } from '../context.ts';
import { detectLang, pageLang } from '../lib/i18n.ts';
import { DEFAULT_TZ, isValidTimeZone } from '../lib/time.ts';
import { resolveOrg } from '../orgs/current-org.ts';
import type { DB } from '../db/open.ts';
import { userForSignature } from './access-key-sign.ts';
import { userForHttpSignature } from './http-signature.ts';
import { userForPrivateToken } from './private-token.ts';
import { keepSessionAlive, maxIdleMs } from './idle-sessions.ts';
import { portalRefusal, TOKEN_EXPIRES_HEADER, userForPortalToken } from './portal-tokens.ts';
import { t } from '../lib/i18n.ts';
import type { MessageKey } from '../lib/messages.ts';
import { userForBearer, userForSession } from './sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    const { db } = app.bastion;
    const tzHeader = headerValue(request, 'x-tz');
    const { expiresAt, ...who } = authenticate(app, request);
    if (expiresAt !== undefined)
      reply.header(TOKEN_EXPIRES_HEADER, String(Math.max(0, Math.floor((expiresAt - app.bastion.now()) / 1000))));
    request.ctx = {
      ...who,
      org: resolveOrg(db, request),
      // API calls (the console's own send its language) follow Django's rule; the server's pages the console's.
      lang: request.url.startsWith('/core/')
        ? pageLang(request.cookies?.django_language)
        : detectLang(request.cookies?.django_language, headerValue(request, 'accept-language')),
      tz: tzHeader && isValidTimeZone(tzHeader) ? tzHeader : DEFAULT_TZ,
    };
    // A portal's token reads what the elements show, in its user's orgs, and nothing else, whatever the page asks.
    const refused = request.ctx.via === 'portal' ? portalRefusal(db, request.ctx, request.method, request.url) : null;
    if (refused) return reply.code(403).send({ detail: t(request.ctx.lang, refused) });
  });
}

function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
): Pick<RequestContext, 'user' | 'via' | 'sessionId' | 'loginConfirmed' | 'authFailure'> & { expiresAt?: number } {
  const { db, now } = app.bastion;
  const anonymous = { user: null, via: null, sessionId: null };
  const authorization = headerValue(request, 'authorization');
  if (authorization) {
    // A wrong Authorization header does not fall back to the session, as in DRF.
    const user = userForAuthorization(db, authorization, request, now());
    if (user && 'failure' in user) return { ...anonymous, authFailure: user.failure };
    return user
      ? {
          user: user.user,
          via: user.via,
          sessionId: null,
          expiresAt: user.expiresAt,
          loginConfirmed: user.confirmed === true,
        }
      : anonymous;
  }
  const sessionId = request.cookies?.sessionid;
  if (!sessionId) return anonymous;
  const live = userForSession(db, sessionId, now());
  if (!live) return anonymous;
  if (!keepSessionAlive(db, sessionId, live.lastActive, now(), maxIdleMs(app.bastion.settings))) return anonymous;
  const user: UserRow = live.user;
  // Django's CSRF check on session auth: on failure the session is ignored and the call is anonymous.
  if (!SAFE_METHODS.has(request.method) && !csrfMatches(request)) return anonymous;
  return { user, via: 'session', sessionId, loginConfirmed: live.confirmed };
}

/**
 * The user of an Authorization header, by 2.3's DRF authenticators: `Sign <key id>:<sig>` (access key),
 * `Bearer <token>` (auth/), `Token <key>` (private token), `Signature keyId=...` (HTTP Signatures, the
 * access key as HMAC secret). The scheme is case-insensitive, as DRF compares it.
 */
function userForAuthorization(
  db: DB,
  authorization: string,
  request: FastifyRequest,
  nowMs: number,
):
  | { user: UserRow; via: 'bearer' | 'access_key' | 'portal'; expiresAt?: number; confirmed?: boolean }
  | { failure: MessageKey }
  | null {
  const match = /^(\S+)\s+(\S[\s\S]*)$/.exec(authorization.trim());
  if (!match) return null;
  const scheme = match[1].toLowerCase();
  if (scheme === 'signature') {
    const user = userForHttpSignature(
      db,
      match[2],
      { method: request.method, url: request.url, headers: request.headers },
      nowMs,
    );
    // httpsig's one FAILED exception for every cause (common/auth/signature.py).
    return user ? { user, via: 'access_key' } : { failure: 'auth.sign_invalid' };
  }
  const credential = match[2].split(/\s+/, 1)[0];
  if (scheme === 'bearer') {
    // The API's own tokens (auth/), else one the authorization server gave a portal (portal/).
    const bearer = userForBearer(db, credential, nowMs);
    if (bearer) return { user: bearer.user, via: 'bearer', confirmed: bearer.confirmed };
    const portal = userForPortalToken(db, credential, nowMs);
    return portal ? { user: portal.user, via: 'portal', expiresAt: portal.expiresAt } : null;
  }
  if (scheme === 'sign') {
    const signed = userForSignature(db, credential, headerValue(request, 'date'), nowMs);
    return 'user' in signed ? { user: signed.user, via: 'access_key' } : signed;
  }
  const user = scheme === 'token' ? userForPrivateToken(db, credential) : null;
  return user ? { user, via: 'access_key' } : null;
}

function csrfMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies?.csrftoken;
  const header = headerValue(request, 'x-csrftoken');
  return !!cookie && !!header && cookie === header;
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
