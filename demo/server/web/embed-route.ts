// GET /embed.html: the demo host page that embeds <bastion-asset-list> (demo/embed.html), served as a
// plain page so the element runs inside a page the console does not own. Like a server-rendered
// page that knows the build, it preloads the shared chunks the element's entry imports. Its own
// script is /embed-events.js (demo/embed-events.js).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const EMBED_FILE = new URL('../../embed.html', import.meta.url);
// The page's own script, a file beside it (the CSP allows no inline script).
const EVENTS_SCRIPT = readFileSync(new URL('../../embed-events.js', import.meta.url), 'utf8');
const ELEMENT_ENTRY = 'bastion-asset-list.js';

/** Chunks named by the entry's static `import … from "./x.js"` / `import "./x.js"` (not dynamic imports). */
export function staticImports(source: string): string[] {
  const found = [...source.matchAll(/(?:from\s*|import\s*)"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(found)];
}

/** `<link rel="modulepreload">` of the chunks `entryFile` imports statically (none before a build). */
export function preloadLinks(distDir: string | undefined, entryFile = ELEMENT_ENTRY): string {
  const entry = distDir ? join(distDir, entryFile) : '';
  if (!entry || !existsSync(entry)) return '';
  return staticImports(readFileSync(entry, 'utf8')).map((file) => `<link rel="modulepreload" href="/ui/${file}">`).join('\n  ');
}

export function registerEmbedRoute(app: FastifyInstance, distDir?: string): void {
  app.get('/embed.html', (_request, reply) => {
    // Read per request: a rebuild while the server runs renames the hashed chunks.
    const links = preloadLinks(distDir);
    const page = readFileSync(EMBED_FILE, 'utf8');
    const html = links ? page.replace(/(\s*)(<script type="module")/, `$1${links}$1$2`) : page;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
  app.get('/embed-events.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(EVENTS_SCRIPT));
}
