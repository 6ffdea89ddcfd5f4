// What a browser downloads for one entry of the minified build: the entry and, recursively, every
// chunk it imports statically. Dynamic `import()` targets are loaded later, so they are kept apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"` — rollup's flat chunks are
// always siblings, so the specifier is always `./name.js`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g;

export function fileSize(dir, file) {
  const bytes = readFileSync(join(dir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
}

function importsOf(dir, file, pattern) {
  const code = readFileSync(join(dir, file), 'utf8');
  return [...code.matchAll(pattern)].map((m) => m[1]);
}

/** Files loaded up front for `entry` (entry first) and the lazily loaded ones reachable from them. */
export function moduleGraph(dir, entry) {
  const staticFiles = [];
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.shift();
    if (staticFiles.includes(file)) continue;
    staticFiles.push(file);
    pending.push(...importsOf(dir, file, STATIC_IMPORT));
  }
  const lazy = new Set();
  for (const file of staticFiles) {
    for (const target of importsOf(dir, file, DYNAMIC_IMPORT)) {
      if (!staticFiles.includes(target)) lazy.add(target);
    }
  }
  return { staticFiles, lazyFiles: [...lazy].sort() };
}

export function totals(sizes) {
  return sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
