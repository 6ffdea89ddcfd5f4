// The demo host pages: plain pages, served as a server-rendered page that knows the build would serve
// them, each holding one element so it runs inside a page the console does not own. Each preloads the
// shared chunks its element's entry imports, and has its own script in a file beside it (the CSP
// allows no inline script):
// - GET /embed.html: <bastion-asset-list> (demo/embed.html, script demo/embed-events.js);
// - GET /embed-replay.html: <bastion-session-replay> (demo/embed-replay.html, script demo/embed-replay.js).
import { escapeHtml } from '../core/lib/html.ts';
import type { Lang } from '../core/lib/i18n.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Chunks named by the entry's static `import … from "./x.js"` / `import "./x.js"` (not dynamic imports). */
export function staticImports(source: string): string[] {
  const found = [...source.matchAll(/(?:from\s*|import\s*)"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(found)];
}

/** Chunks named by `import("./x.js")` (dynamic imports). */
export function dynamicImports(source: string): string[] {
  return [...new Set([...source.matchAll(/import\(\s*(["'])\.\/([\w.-]+\.js)\1\s*\)/g)].map((m) => m[2]))];
}

/**
 * `<link rel="modulepreload">` of the chunks `entryFile` imports statically (none before a build), and of
 * the lazy chunks matching `lazy` it (or such a chunk) imports, with their own static imports: what
 * the page's element loads at once anyway, asked beside the entry instead of one round trip after another.
 */
export function preloadLinks(distDir: string | undefined, entryFile: string, lazy?: RegExp): string {
  const entry = distDir ? join(distDir, entryFile) : '';
  if (!distDir || !existsSync(entry)) return '';
  const files = new Set<string>();
  const queue = [entryFile];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const path = join(distDir, file);
    if (!existsSync(path)) continue;
    const source = readFileSync(path, 'utf8');
    const next = [...staticImports(source), ...(lazy ? dynamicImports(source).filter((name) => lazy.test(name)) : [])];
    for (const name of next)
      if (!files.has(name)) {
        files.add(name);
        queue.push(name);
      }
  }
  return [...files].map((file) => `<link rel="modulepreload" href="/ui/${file}">`).join('\n  ');
}

/**
 * A page that is one element (the web terminal, the file manager): its `<tag>` given the attributes
 * (escaped; empty ones left out) and the entry's shared chunks preloaded.
 */
/**
 * A host page with its element's attributes and preloads; with `lang`, the page's `<html lang>` (the
 * element's language follows it): a console page (the web terminal's, the file manager's) in the
 * console's language, or an English console opened them in Chinese.
 */
export function renderElementPage(
  html: string,
  tag: string,
  attrs: Record<string, string | undefined>,
  links: string,
  lang?: Lang,
): string {
  const attributes = Object.entries(attrs)
    .filter(([, value]) => value)
    .map(([name, value]) => ` ${name}="${escapeHtml(value!)}"`)
    .join('');
  const spoken = lang ? html.replace(/<html lang="[^"]*">/, `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`) : html;
  return withPreloads(spoken.replace(`<${tag}>`, `<${tag}${attributes}>`), links);
}

/** `html` with `links` put before its module script, indented as the script is. */
export function withPreloads(html: string, links: string): string {
  return links ? html.replace(/(\s*)(<script type="module")/, `$1${links}$1$2`) : html;
}

interface HostPage {
  /** Where the page and its script are served. */
  path: string;
  scriptPath: string;
  /** The files under demo/. */
  file: string;
  scriptFile: string;
  /** The element's entry in dist/. */
  entry: string;
  /** Lazy chunks (file names) the element loads at once on this page: preloaded too. */
  lazy?: RegExp;
}

const HOST_PAGES: HostPage[] = [
  {
    path: '/embed.html',
    scriptPath: '/embed-events.js',
    file: 'embed.html',
    scriptFile: 'embed-events.js',
    entry: 'bastion-asset-list.js',
  },
  {
    path: '/embed-replay.html',
    scriptPath: '/embed-replay.js',
    file: 'embed-replay.html',
    scriptFile: 'embed-replay.js',
    entry: 'bastion-session-replay.js',
    // The player and the terminal it draws with (not the snapshots' headless terminal, needed after the first frame).
    lazy: /^(ReplayPlayer|xterm)-[\w-]{8}\.js$/,
  },
];

function registerHostPage(app: FastifyInstance, page: HostPage, distDir: string | undefined): void {
  const pageFile = new URL(`../../${page.file}`, import.meta.url);
  const script = readFileSync(new URL(`../../${page.scriptFile}`, import.meta.url), 'utf8');
  app.get(page.path, (_request, reply) => {
    // Read per request: a rebuild while the server runs renames the hashed chunks.
    const html = withPreloads(readFileSync(pageFile, 'utf8'), preloadLinks(distDir, page.entry, page.lazy));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
  app.get(page.scriptPath, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script),
  );
}

export function registerEmbedRoutes(app: FastifyInstance, distDir?: string): void {
  for (const page of HOST_PAGES) registerHostPage(app, page, distDir);
}
