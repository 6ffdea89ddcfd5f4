// Loads the console's own modules (src/) in Node, so a server test reads the resource definitions and URL
// constants as the console has them, not a copy: a few browser globals the modules touch when they load
// (cookies, <html lang>, localStorage) and the two build-time imports (`virtual:` icon sets, CSS as text).
import { readdirSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join, relative } from 'node:path';

export const SRC = new URL('../../../src', import.meta.url).pathname;

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (specifier.startsWith('virtual:')) return { url: 'data:text/javascript,export default {}', shortCircuit: true };
  if (/\\.css(\\?|$)/.test(specifier)) return { url: 'data:text/javascript,export default ""', shortCircuit: true };
  return next(specifier, context);
}`),
);

const storage = new Map<string, string>();
const place = {
  origin: 'http://console.test',
  href: 'http://console.test/ui/',
  pathname: '/ui/',
  hash: '',
  search: '',
};
const inert = { addEventListener() {}, removeEventListener() {} };
Object.assign(globalThis, {
  document: {
    ...inert,
    cookie: '',
    documentElement: { lang: '' },
    head: { append() {} },
    querySelector: () => null,
    createElement: () => ({ style: {}, setAttribute() {}, append() {} }),
  },
  window: { ...inert, location: place, matchMedia: () => ({ matches: false, ...inert }) },
  location: place,
  localStorage: {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  },
  MutationObserver: class {
    observe() {}
    disconnect() {}
  },
  customElements: { get: () => undefined, define() {} },
  HTMLElement: class {},
});

/** Every file under src/ whose name matches `pattern`, as paths relative to src/. */
export function sourceFiles(pattern: RegExp, dir = SRC): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(pattern, path));
    else if (pattern.test(entry.name)) out.push(relative(SRC, path));
  }
  return out.sort();
}

export const readSource = (file: string) => readFileSync(join(SRC, file), 'utf8');
export const importSource = (file: string): Promise<Record<string, unknown>> => import(join(SRC, file));
