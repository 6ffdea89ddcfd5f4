// GET /embed.html: the demo host page that embeds <bastion-asset-list> (demo/embed.html), served as a
// plain page so the element runs inside a page the console does not own.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const EMBED_FILE = new URL('../../embed.html', import.meta.url);

export function registerEmbedRoute(app: FastifyInstance): void {
  app.get('/embed.html', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(readFileSync(EMBED_FILE, 'utf8')));
}
