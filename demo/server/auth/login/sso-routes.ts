// authentication/sso/login-url/ and sso/login/ (2.3's SSOViewSet). 2.3 lets a superuser mint a one-time
// link that signs anyone in as any user, when its config file sets AUTH_SSO (off by default). This server
// does not offer that switch, so both answer as a 2.3 core with AUTH_SSO off: login-url refuses with
// "SSO auth closed" (superusers; others 403 first), and an authkey never matches a token, so sso/login
// sends the browser to the login form, as 2.3 does for an unknown key.
import type { FastifyInstance } from 'fastify';
import { authorize, IsSuperUser } from '../../core/permissions.ts';
import { pick } from '../../core/lib/i18n.ts';

const CLOSED = { en: 'SSO auth closed', zh: 'SSO 认证关闭了' };

export function registerSsoRoutes(app: FastifyInstance): void {
  app.post('/api/v1/authentication/sso/login-url/', (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    return reply.code(400).send({ detail: pick(request.ctx.lang, CLOSED) });
  });
  app.get('/api/v1/authentication/sso/login/', (_request, reply) => reply.redirect('/core/auth/login/', 302));
}
