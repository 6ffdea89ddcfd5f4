// The reference server as an OAuth 2.0 authorization server for registered portals (clients.ts):
// authorization code with PKCE (RFC 6749 + 7636), token revocation (RFC 7009) and OIDC discovery, all
// by oidc-provider (OpenID-certified) mounted at /oidc/. Nothing here speaks the protocol itself; it
// only tells the library who the user is: its interaction step (/oidc/interaction/<uid>) sends the
// popup through the server's own sign-in (RSA-encrypted password, captcha, LDAP, MFA: whatever the
// settings ask) and comes back signed in. Every portal sign-in is a row of the login log.
//
// Tokens: opaque, short-lived (BASTION_PORTAL_TOKEN_TTL, default 600 s), one user, and read-only to
// what the elements need (portal-tokens.ts decides that on every API call).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { UserRow } from '../core/context.ts';
import { renderAuthPage } from '../auth/login/auth-page-layout.ts';
import { recordLogin } from '../auth/login/login-log-store.ts';
import { LOGIN_PATH } from '../core/auth/paths.ts';
import { isValidUser } from '../core/permissions.ts';
import { headerValue } from '../core/auth/request-context.ts';
import { escapeHtml as e } from '../core/lib/html.ts';
import { t } from '../core/lib/i18n.ts';
import { allowedOrigin, corsHeaders } from './cors.ts';
import { findPortalClient } from './clients.ts';
import { dropExpiredEntries } from '../core/auth/oauth-entry-store.ts';
import { oauthAdapter } from './oauth-store.ts';
import { userById as findUser } from '../users/user-store.ts';

export const OIDC_MOUNT = '/oidc';
export const PORTAL_TOKEN_TTL_ENV = 'BASTION_PORTAL_TOKEN_TTL';
export const DEFAULT_PORTAL_TOKEN_TTL_S = 600;
/** The scopes a portal may ask; none of them grants more than portal-tokens.ts allows. */
const SCOPES = ['openid', 'profile', 'email'];

export interface PortalOptions {
  /** Absolute URL of this server as portals reach it (the issuer is `<origin>/oidc`). */
  publicOrigin: string;
  /** BASTION_CORS_ORIGINS, parsed. */
  origins: readonly string[];
  /** Lifetime of a portal's access token, in seconds. */
  tokenTtlSeconds: number;
}

export interface PortalServer {
  readonly issuer: string;
  readonly tokenTtlSeconds: number;
  /** The provider, made on first use (its signing key is generated then). */
  provider(): Provider;
}

declare module 'fastify' {
  interface FastifyInstance {
    portal: PortalServer;
  }
}

/** BASTION_PORTAL_TOKEN_TTL: whole seconds, 30 to 3600. */
export function parseTokenTtl(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORTAL_TOKEN_TTL_S;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 30 || seconds > 3600)
    throw new Error(`${PORTAL_TOKEN_TTL_ENV}: whole seconds from 30 to 3600: ${value}`);
  return seconds;
}

function userById(app: FastifyInstance, id: string): UserRow | null {
  const user = findUser(app.bastion.db, id);
  return user && isValidUser(user, app.bastion.now()) ? user : null;
}

function errorPage(ctx: KoaContextWithOIDC, out: Record<string, unknown>, lang: 'zh' | 'en'): void {
  ctx.type = 'html';
  const lines = Object.entries(out)
    .map(([key, value]) => `<p class="error"><strong>${e(key)}</strong>: ${e(value)}</p>`)
    .join('');
  ctx.body = renderAuthPage({
    lang,
    title: t(lang, 'portal.sign_in_failed'),
    body: `<div class="card"><h1>${e(t(lang, 'portal.sign_in_failed'))}</h1>${lines}</div>`,
  });
}

function makeProvider(app: FastifyInstance, opts: PortalOptions): Provider {
  const { db, now } = app.bastion;
  const policy = interactionPolicy.base();
  // Every authorization goes through the interaction step, even with a provider session: there the
  // server's own session is checked and the sign-in logged.
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('bastion_sign_in', 'the bastion signs every portal sign-in', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const configuration: Configuration = {
    adapter: oauthAdapter(db, now, () => opts.origins),
    async findAccount(_ctx, sub) {
      const user = userById(app, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, preferred_username: user.username, name: user.name, email: user.email }),
      };
    },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
    // The scopes' claims in the ID token too, not only from the userinfo endpoint: oidc-client-ts's
    // minimal settings (no loadUserInfo) then have `profile.preferred_username` at once.
    conformIdTokenClaims: false,
    scopes: SCOPES,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // A portal revokes the tokens it was given, no other client's.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}`, policy },
    ttl: {
      AccessToken: opts.tokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: opts.tokenTtlSeconds,
      Interaction: 600,
      Session: 600,
      Grant: opts.tokenTtlSeconds,
    },
    // Signing keys of the provider's cookies: new at each start (an unfinished popup sign-in is started again).
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // The token endpoint answers a browser only from an allowed origin that is one of the client's own.
    clientBasedCORS: (_ctx, origin, client) =>
      opts.origins.includes(origin) && client.redirectUris!.some((uri) => new URL(uri).origin === origin),
    jwks: { keys: [jwk as never] },
    renderError: async (ctx, out) =>
      errorPage(
        ctx,
        out as unknown as Record<string, unknown>,
        ctx.get('accept-language').startsWith('zh') ? 'zh' : 'en',
      ),
  };
  const provider = new Provider(`${opts.publicOrigin}${OIDC_MOUNT}`, configuration);
  // Only an allowed origin gets CORS headers here too (the library would echo any origin on discovery).
  provider.use(async (ctx, next) => {
    await next();
    if (!opts.origins.includes(ctx.get('origin')))
      for (const name of Object.keys(ctx.response.headers)) if (name.startsWith('access-control-')) ctx.remove(name);
  });
  provider.on('grant.success', () => dropExpiredEntries(db, now()));
  return provider;
}

/** Hands a request to the provider as if mounted at /oidc (its own paths start at /). */
async function toProvider(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  origins: readonly string[],
): Promise<void> {
  // The resume step (/oidc/auth/<uid>, reached from the interaction) takes no parameters; given some
  // (client_id, request), oidc-provider 9.13's error handler fails on them with a 500.
  if (/^\/oidc\/auth\/[^/?]+\?/.test(request.url)) {
    return reply
      .code(400)
      .send({ error: 'invalid_request', error_description: 'the resume endpoint takes no parameters' });
  }
  reply.hijack();
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  raw.originalUrl = raw.url;
  const rest = (raw.url ?? '/').slice(OIDC_MOUNT.length);
  raw.url = rest.startsWith('/') ? rest : `/${rest}`;
  const origin = allowedOrigin(request, origins);
  if (origin) {
    for (const [name, value] of Object.entries(corsHeaders(origin, OIDC_MOUNT))) reply.raw.setHeader(name, value);
    reply.raw.setHeader('Vary', 'Origin');
  }
  await provider.callback()(raw, reply.raw);
}

/**
 * The interaction step: the user of the server's session (the popup is a top-level page on this
 * origin, so the session cookie comes along), else the server's sign-in page coming back here.
 */
async function interaction(app: FastifyInstance, provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  const { lang } = request.ctx;
  let details;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        renderAuthPage({
          lang,
          title: t(lang, 'portal.sign_in_failed'),
          body: `<div class="card"><h1>${e(t(lang, 'portal.sign_in_failed'))}</h1><p class="error">${e(t(lang, 'portal.interaction_gone'))}</p></div>`,
        }),
      );
  }
  const user = request.ctx.via === 'session' ? request.ctx.user : null;
  if (!user || !isValidUser(user, app.bastion.now())) {
    return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(`${OIDC_MOUNT}/interaction/${details.uid}`)}`);
  }
  const clientId = String(details.params.client_id);
  const grant = details.grantId
    ? (await provider.Grant.find(details.grantId))!
    : new provider.Grant({ accountId: user.id, clientId });
  grant.addOIDCScope(
    String(details.params.scope ?? 'openid')
      .split(' ')
      .filter((scope) => SCOPES.includes(scope))
      .join(' '),
  );
  const grantId = await grant.save();
  const origin = new URL(String(details.params.redirect_uri)).origin;
  recordLogin(
    app.bastion.db,
    {
      username: user.username,
      type: 'W',
      ip: request.ip,
      userAgent: headerValue(request, 'user-agent') ?? '',
      reason: portalReason(findPortalClient(app.bastion.db, clientId)?.name ?? clientId, origin),
      success: true,
      mfa: 2,
    },
    app.bastion.now(),
  );
  reply.hijack();
  return provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId: user.id }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** The login log's reason of a portal sign-in: which portal, from where. */
export const portalReason = (client: string, origin: string): string => `Portal sign-in: ${client} (${origin})`;

export function registerAuthorizationServer(app: FastifyInstance, opts: PortalOptions): void {
  let provider: Provider | undefined;
  const server: PortalServer = {
    issuer: `${opts.publicOrigin}${OIDC_MOUNT}`,
    tokenTtlSeconds: opts.tokenTtlSeconds,
    provider: () => (provider ??= makeProvider(app, opts)),
  };
  app.decorate('portal', server);
  app.register(async (scope) => {
    // The provider reads its own bodies (form posts to /oidc/token): Fastify leaves the stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.get(`${OIDC_MOUNT}/interaction/:uid`, (request, reply) =>
      interaction(app, server.provider(), request, reply),
    );
    scope.all(`${OIDC_MOUNT}/*`, (request, reply) => toProvider(server.provider(), request, reply, opts.origins));
    scope.all(OIDC_MOUNT, (request, reply) => toProvider(server.provider(), request, reply, opts.origins));
  });
}
