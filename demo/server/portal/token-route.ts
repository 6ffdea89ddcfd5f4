// POST /api/v1/authentication/portal-tokens/ {client_id, username}: a portal's back end, signing with a
// super admin's access key (Sign, Signature or Token: never a browser session or a bearer token), asks
// a short-lived access token for one of its users, to hand to the elements of that user's page (their
// `token` property). The token is the authorization server's own (same store, same limits, revocable at
// /oidc/token/revocation), issued to the portal client named, and the issue is a row of the login log.
import type { FastifyInstance } from 'fastify';
import { userByUsername } from '../users/user-store.ts';
import { recordLogin } from '../auth/login/login-log-store.ts';
import { isSuperuser } from '../core/orgs/membership-store.ts';
import { isValidUser } from '../core/permissions.ts';
import { headerValue } from '../core/auth/request-context.ts';
import { t } from '../core/lib/i18n.ts';
import { clientMetadata } from './clients.ts';
import { dropExpiredEntries } from '../core/auth/oauth-entry-store.ts';

export const PORTAL_TOKENS_PATH = '/api/v1/authentication/portal-tokens/';

/** The login log's reason of a token a portal's back end asked for. */
export const portalTokenReason = (clientId: string, caller: string): string =>
  `Portal token: ${clientId}, asked by ${caller}`;

export function registerPortalTokenRoute(app: FastifyInstance, origins: readonly string[]): void {
  app.post(PORTAL_TOKENS_PATH, async (request, reply) => {
    const { db, now } = app.bastion;
    const { user: caller, via, lang } = request.ctx;
    if (!caller) return reply.code(401).send({ detail: t(lang, 'auth.not_authenticated') });
    if (via !== 'access_key' || !isSuperuser(caller) || !isValidUser(caller, now()))
      return reply.code(403).send({ detail: t(lang, 'portal.key_required') });
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const errors: Record<string, string[]> = {};
    const clientId = typeof body.client_id === 'string' ? body.client_id.trim() : '';
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    if (!clientId) errors.client_id = [t(lang, 'field.required')];
    if (!username) errors.username = [t(lang, 'field.required')];
    if (Object.keys(errors).length) return reply.code(400).send(errors);
    if (!clientMetadata(db, clientId, origins))
      return reply.code(400).send({ client_id: [t(lang, 'portal.unknown_client')] });
    const user = userByUsername(db, username);
    if (!user || !isValidUser(user, now()) || user.role === 'App')
      return reply.code(400).send({ username: [t(lang, 'portal.unknown_user')] });

    const provider = app.portal.provider();
    const client = await provider.Client.find(clientId);
    if (!client) return reply.code(400).send({ client_id: [t(lang, 'portal.unknown_client')] });
    const grant = new provider.Grant({ accountId: user.id, clientId });
    grant.addOIDCScope('openid');
    const grantId = await grant.save();
    const token = new provider.AccessToken({
      client,
      accountId: user.id,
      grantId,
      gty: 'portal_backend',
      scope: 'openid',
    });
    const accessToken = await token.save();
    dropExpiredEntries(db, now());
    recordLogin(
      db,
      {
        username: user.username,
        type: 'T',
        ip: request.ip,
        userAgent: headerValue(request, 'user-agent') ?? '',
        reason: portalTokenReason(clientId, caller.username),
        success: true,
        mfa: 2,
      },
      now(),
    );
    return reply.code(200).header('Cache-Control', 'no-store').send({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: app.portal.tokenTtlSeconds,
      scope: 'openid',
    });
  });
}
