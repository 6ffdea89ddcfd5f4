import type { FastifyInstance } from 'fastify';
import { authorize, IsValidUser } from '../auth/permissions.ts';
import { cacheResources } from '../engine/spm.ts';
import { t } from '../lib/i18n.ts';

export function registerCommonRoutes(app: FastifyInstance): void {
  const { db, now } = app.bastion;
  app.get('/api/health/', () => ({ status: 1, time: Math.floor(now() / 1000) }));

  app.post('/api/v1/common/resources/cache/', (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const resources = (request.body as Record<string, unknown> | null)?.resources;
    if (!Array.isArray(resources)) return reply.code(400).send({ resources: [t(request.ctx.lang, 'field.invalid_list')] });
    return { spm: cacheResources(db, resources.map(String), now()) };
  });
}
