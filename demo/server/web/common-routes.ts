import type { FastifyInstance } from 'fastify';
import { authorize, IsValidUser } from '../core/permissions.ts';
import { cacheResources } from '../engine/spm.ts';

export function registerCommonRoutes(app: FastifyInstance): void {
  const { db, now } = app.bastion;
  app.get('/api/health/', () => ({ status: 1, time: Math.floor(now() / 1000) }));

  app.post('/api/v1/common/resources/cache/', (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const body = request.body as Record<string, unknown> | null;
    const resources = body && typeof body === 'object' && !Array.isArray(body) ? body.resources : undefined;
    return { spm: cacheResources(db, resources, now()) };
  });
}
