// GET /embed-replay.html: the demo host page holding only <bastion-session-replay> (demo/embed-replay.html),
// served like /embed.html (preloads of the element's static chunks, its own script beside it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { staticImports } from './embed-route.ts';

const PAGE_FILE = new URL('../../embed-replay.html', import.meta.url);
const PAGE_SCRIPT = readFileSync(new URL('../../embed-replay.js', import.meta.url), 'utf8');
const ELEMENT_ENTRY = 'bastion-session-replay.js';

function preloadLinks(distDir: string | undefined): string {
  const entry = distDir ? join(distDir, ELEMENT_ENTRY) : '';
  if (!entry || !existsSync(entry)) return '';
  return staticImports(readFileSync(entry, 'utf8')).map((file) => `<link rel="modulepreload" href="/ui/${file}">`).join('\n  ');
}

export function registerReplayEmbedRoute(app: FastifyInstance, distDir?: string): void {
  app.get('/embed-replay.html', (_request, reply) => {
    // Read per request: a rebuild while the server runs renames the hashed chunks.
    const links = preloadLinks(distDir);
    const page = readFileSync(PAGE_FILE, 'utf8');
    const html = links ? page.replace(/(\s*)(<script type="module")/, `$1${links}$1$2`) : page;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
  app.get('/embed-replay.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE_SCRIPT));
}
