// The shapes of the icons ui/Icon.tsx draws inline (the sidebar's route icons and the shell's own
// SHELL_ICONS), read from Shoelace's Bootstrap icon files at build time and served as the module
// `virtual:shell-icons`: { name: [[tag, attributes], ...] }. The first screen then draws plain <svg>s
// instead of one <sl-icon> (a Lit element fetching its file) per menu entry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeIconNames } from './shoelace-icons.mjs';

export const SHELL_ICONS_ID = 'virtual:shell-icons';
const ICON_SOURCE = 'node_modules/@shoelace-style/shoelace/dist/assets/icons';
const ICON_LIST_FILE = 'src/core/ui/icons.ts';
const SHAPE = /<([a-z]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** The names listed in icons.ts's SHELL_ICONS array. */
function listedShellIcons(root) {
  const text = readFileSync(join(root, ICON_LIST_FILE), 'utf8');
  const block = /SHELL_ICONS\s*=\s*\[([^\]]*)\]/.exec(text);
  if (!block) throw new Error(`${ICON_LIST_FILE} has no SHELL_ICONS list`);
  return [...block[1].matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
}

/** One icon file's drawing as [tag, React props] pairs; anything but empty shapes is refused. */
function shapesOf(name, root) {
  const svg = readFileSync(join(root, ICON_SOURCE, `${name}.svg`), 'utf8');
  const inner = svg.replace(/^\s*<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  if (inner.replace(SHAPE, '').trim() !== '') throw new Error(`icon ${name}: only self-closing shapes can be drawn inline`);
  const camel = (attribute) => attribute.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  return [...inner.matchAll(SHAPE)].map(([, tag, attributes]) => [tag, Object.fromEntries([...attributes.matchAll(ATTRIBUTE)].map(([, k, v]) => [camel(k), v]))]);
}

/** The module's source: every route icon and SHELL_ICONS entry that Shoelace has. */
export function shellIconsSource(root = process.cwd()) {
  const names = [...new Set([...routeIconNames(root), ...listedShellIcons(root)])].sort();
  const shapes = {};
  for (const name of names) shapes[name] = shapesOf(name, root);
  return `export default ${JSON.stringify(shapes)};\n`;
}

/** Rollup: resolves and builds `virtual:shell-icons`. */
export function shellIconsRollup() {
  return {
    name: 'shell-icons',
    resolveId: (id) => (id === SHELL_ICONS_ID ? `\0${SHELL_ICONS_ID}` : null),
    load: (id) => (id === `\0${SHELL_ICONS_ID}` ? shellIconsSource() : null),
  };
}

/** esbuild (the browser tests' bundler): the same module. */
export function shellIconsEsbuild() {
  return {
    name: 'shell-icons',
    setup(build) {
      build.onResolve({ filter: /^virtual:shell-icons$/ }, () => ({ path: SHELL_ICONS_ID, namespace: 'shell-icons' }));
      build.onLoad({ filter: /.*/, namespace: 'shell-icons' }, () => ({ contents: shellIconsSource(), loader: 'js' }));
    },
  };
}
