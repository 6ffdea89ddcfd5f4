// Every route the app registers, kept to answer what a real JumpServer 2.3 (Django + DRF) answers
// when no route fits: 405 + `Allow` when the path exists under other methods, 301 to the slashed URL
// when only the trailing slash is missing (Django's APPEND_SLASH). The fuzz suite reads it too, so a
// new route is fuzzed without being listed anywhere.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  url: string;
  methods: string[];
  pattern: RegExp;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();
/** DRF's order of `http_method_names`, used for the `Allow` header. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : escape(part)))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Records the routes registered after this call (call it before any route is added). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const found = table.find((entry) => entry.url === route.url);
    if (found) found.methods.push(...methods.filter((m) => !found.methods.includes(m)));
    else table.push({ url: route.url, methods: [...methods], pattern: patternOf(route.url) });
  });
}

export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}

/** The methods some route offers for `path`, in DRF's order; empty when no route has the path. */
export function methodsFor(app: FastifyInstance, path: string): string[] {
  const methods = new Set(
    routeTable(app)
      .filter((entry) => entry.pattern.test(path))
      .flatMap((entry) => entry.methods),
  );
  return METHOD_ORDER.filter((m) => methods.has(m));
}
