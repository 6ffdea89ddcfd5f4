// /ui/ serves the built console (dist/): its page with the caller's bootstrap data (console-page.ts),
// its files pre-compressed at build time; /static/img/* serves the logos named in LOGO_URLS.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { t } from '../core/lib/i18n.ts';
import { registerConsolePage } from './console-page.ts';
import { logoPng } from './logo-png.ts';

// Rollup's chunks are `[name]-[hash].js` with an 8-character base64url hash; their content never
// changes, so they are cached forever. Entry files (`bastion-settings.js`) are lower-case kebab names,
// so a hash is told apart by holding an upper-case letter or a digit.
const HASHED_FILE = /-([A-Za-z0-9_-]{8})\.(js|css)$/;
export const isHashedAsset = (path: string): boolean => /[A-Z0-9]/.test(HASHED_FILE.exec(path)?.[1] ?? '');
/** The files scripts/build/precompress.mjs writes `.br` / `.gz` copies of. */
const PRECOMPRESSED = /\.(js|css|svg)$/;
const IMAGES = ['logo.png', 'logo_text.png', 'login_image.png', 'facio.ico', 'avatar/user.png'];

export async function registerStaticRoutes(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const png = logoPng();
  for (const image of IMAGES) {
    app.get(`/static/img/${image}`, (_request, reply) =>
      reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png),
    );
  }
  app.get('/ui', (_request, reply) => reply.redirect('/ui/'));

  if (!distDir || !existsSync(join(distDir, 'index.html'))) {
    // Checked once at start: `npm start` builds before serving.
    const hint = (lang: 'zh' | 'en') => t(lang, 'static.no_build');
    app.get('/ui/*', (request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`${hint(request.ctx.lang)}\n`),
    );
    return;
  }
  registerConsolePage(app, distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/ui/',
    // /ui/ itself is the console page above, rendered per request.
    index: false,
    // `x.js.br` / `x.js.gz` beside each file (scripts/build/precompress.mjs), chosen by Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, sentPath) {
      // The rules are those of the file, whichever pre-compressed copy of it is sent.
      const path = sentPath.replace(/\.(br|gz)$/, '');
      // Files with build-time copies differ by Accept-Encoding: a shared cache must keep them apart.
      if (PRECOMPRESSED.test(path)) reply.header('Vary', 'Accept-Encoding');
      if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
      else if (isHashedAsset(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // Shoelace's icons change only with a Shoelace upgrade; revalidating a dozen of them on every
      // load would queue the page's API calls behind them (six connections per host).
      else if (path.includes('/shoelace/assets/icons/')) reply.header('Cache-Control', 'public, max-age=86400');
      else reply.header('Cache-Control', 'no-cache');
    },
  });
}
