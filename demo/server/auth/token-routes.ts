// POST /api/v1/authentication/auth/ (alias tokens/): username + password → bearer token (§1.14); a terminal's
// App account may also sign a user in by public key.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime, isoAt } from '../lib/time.ts';
import { buildProfile } from '../users/profile.ts';
import { checkCredentials } from './credentials.ts';
import { checkOnBehalf, isOnBehalfCaller } from './on-behalf-auth.ts';
import { headerValue } from './request-context.ts';
import { createBearerToken } from './sessions.ts';

export function registerTokenRoutes(app: FastifyInstance): void {
  const issue = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const type = headerValue(request, 'x-jms-login-type') === 'W' ? 'W' : 'T';
    // A terminal (App account) signs its users in by password or public key (auth/on-behalf-auth.ts).
    const result = await (isOnBehalfCaller(request) ? checkOnBehalf(request, body) : checkCredentials(request, username, password, type));
    if (!result.ok) return reply.code(400).send({ error: result.error, msg: result.msg });
    const { db, now, settings, loginAgeMs } = app.bastion;
    const { token, expiresAt } = createBearerToken(db, result.user.id, now(), loginAgeMs);
    const fresh = db.prepare('SELECT * FROM users WHERE id = ?').get(result.user.id) as typeof result.user;
    return reply.code(201).send({
      token,
      keyword: 'Bearer',
      date_expired: formatDateTime(isoAt(expiresAt), request.ctx.tz),
      user: buildProfile(db, settings, fresh, request.ctx, now()),
    });
  };
  app.post('/api/v1/authentication/auth/', issue);
  app.post('/api/v1/authentication/tokens/', issue);
}
