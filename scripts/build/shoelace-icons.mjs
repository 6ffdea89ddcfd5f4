// Shoelace ships 2,052 icons (8.5 MB); the console needs a few dozen. Copy only the icons the sources
// name, to the folder `setBasePath()` points at (dist/shoelace/assets/icons/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ICON_SOURCE = 'node_modules/@shoelace-style/shoelace/dist/assets/icons';
const ICON_LIST_FILE = 'src/core/ui/icons.ts';
const ICON_DEST = 'shoelace/assets/icons';
const ICON_NAME = '[a-z0-9]+(?:-[a-z0-9]+)*';

// `<sl-icon name="x">`, `<sl-icon-button name="x">`, their React wrappers `<SlIcon name="x">` and ui/Icon.tsx's `<Icon name="x">`.
const TAG_NAME_ATTR = new RegExp(
  `<(?:sl-icon(?:-button)?|SlIcon(?:Button)?|Icon)\\b[^>]*?\\bname=["'](${ICON_NAME})["']`,
  'g',
);
// Route metadata (`meta: { icon: 'people' }`) names icons the sidebar renders.
const META_ICON = new RegExp(`\\bicon:\\s*["'](${ICON_NAME})["']`, 'g');
const STRING_LITERAL = new RegExp(`["'\`](${ICON_NAME})["'\`]`, 'g');

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|tsx)$/.test(d.name))
    .map((d) => join(d.parentPath ?? d.path, d.name));
}

function matches(text, pattern) {
  return [...text.matchAll(pattern)].map((m) => m[1]);
}

/**
 * Icon names used by `src/**`. `named` come from tags and route icons and must exist; `listed` are
 * every string literal in icons.ts, where strings that are not icon names are simply ignored.
 */
export function usedIconNames(root = process.cwd()) {
  const named = new Set();
  for (const file of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const n of matches(text, TAG_NAME_ATTR)) named.add(n);
    for (const n of matches(text, META_ICON)) named.add(n);
  }
  const listFile = join(root, ICON_LIST_FILE);
  const listed = existsSync(listFile) ? matches(readFileSync(listFile, 'utf8'), STRING_LITERAL) : [];
  return { named: [...named].sort(), listed: [...new Set(listed)].sort() };
}

/** The icons route metadata names (`meta: { icon: 'people' }`): the sidebar draws them (ui/Icon.tsx). */
export function routeIconNames(root = process.cwd()) {
  const available = new Set(readdirSync(join(root, ICON_SOURCE)).map((f) => f.replace(/\.svg$/, '')));
  const names = new Set();
  for (const file of sourceFiles(join(root, 'src'))) {
    for (const n of matches(readFileSync(file, 'utf8'), META_ICON)) if (available.has(n)) names.add(n);
  }
  return [...names].sort();
}

export function shoelaceIcons() {
  return {
    name: 'shoelace-icons',
    generateBundle() {
      const available = new Set(readdirSync(ICON_SOURCE).map((f) => f.replace(/\.svg$/, '')));
      const { named, listed } = usedIconNames();
      for (const name of named.filter((n) => !available.has(n))) {
        this.warn(`Shoelace has no icon named "${name}"; it would render blank`);
      }
      for (const name of new Set([...named, ...listed].filter((n) => available.has(n)))) {
        const file = `${name}.svg`;
        this.emitFile({
          type: 'asset',
          fileName: `${ICON_DEST}/${file}`,
          source: readFileSync(join(ICON_SOURCE, file)),
        });
      }
    },
  };
}
