// The shapes of the icons ui/Icon.tsx draws inline, read from Shoelace's Bootstrap icon files at build
// time: the shell's own SHELL_ICONS as the module `virtual:shell-icons`, the sidebar's route icons as
// `virtual:route-icons` ({ name: [[tag, attributes], ...] } each). The first screen then draws plain
// <svg>s instead of one <sl-icon> (a Lit element fetching its file) per menu entry. Two modules, because
// an element that draws a toolbar or a tree (<bastion-asset-list>) needs the few shell icons, not the
// forty-odd menu icons only the console's sidebar draws (about 6 KB gzip).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeIconNames } from './shoelace-icons.mjs';

export const SHELL_ICONS_ID = 'virtual:shell-icons';
export const ROUTE_ICONS_ID = 'virtual:route-icons';
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
  if (inner.replace(SHAPE, '').trim() !== '')
    throw new Error(`icon ${name}: only self-closing shapes can be drawn inline`);
  const camel = (attribute) => attribute.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  return [...inner.matchAll(SHAPE)].map(([, tag, attributes]) => [
    tag,
    Object.fromEntries([...attributes.matchAll(ATTRIBUTE)].map(([, k, v]) => [camel(k), v])),
  ]);
}

/** A module's source: the shapes of these icons. */
function iconsSource(names, root) {
  const shapes = {};
  for (const name of [...new Set(names)].sort()) shapes[name] = shapesOf(name, root);
  return `export default ${JSON.stringify(shapes)};\n`;
}

/** `virtual:shell-icons`: the SHELL_ICONS entries. */
export function shellIconsSource(root = process.cwd()) {
  return iconsSource(listedShellIcons(root), root);
}

/** `virtual:route-icons`: the route icons Shoelace has that are not shell icons already. */
export function routeIconsSource(root = process.cwd()) {
  const shell = new Set(listedShellIcons(root));
  return iconsSource(
    routeIconNames(root).filter((name) => !shell.has(name)),
    root,
  );
}

const SOURCES = { [SHELL_ICONS_ID]: shellIconsSource, [ROUTE_ICONS_ID]: routeIconsSource };

/** Rollup: resolves and builds `virtual:shell-icons`. */
export function shellIconsRollup() {
  return {
    name: 'shell-icons',
    resolveId: (id) => (SOURCES[id] ? `\0${id}` : null),
    load: (id) => (id.startsWith('\0') && SOURCES[id.slice(1)] ? SOURCES[id.slice(1)]() : null),
  };
}

/** esbuild (the browser tests' bundler): the same module. */
export function shellIconsEsbuild() {
  return {
    name: 'shell-icons',
    setup(build) {
      build.onResolve({ filter: /^virtual:(shell|route)-icons$/ }, (args) => ({
        path: args.path,
        namespace: 'shell-icons',
      }));
      build.onLoad({ filter: /.*/, namespace: 'shell-icons' }, (args) => ({
        contents: SOURCES[args.path](),
        loader: 'js',
      }));
    },
  };
}
