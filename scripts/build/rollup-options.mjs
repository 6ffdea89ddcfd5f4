// The rollup pipeline of the element build, as a function of its entries.
import { readFileSync, rmSync } from 'node:fs';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { cssAsText } from './css-text.mjs';
import { elementContract } from './element-contract.mjs';
import { precompress } from './precompress.mjs';
import { shellIconsRollup } from './shell-icons.mjs';
import { shoelaceIcons } from './shoelace-icons.mjs';

export const OUT_DIR = 'dist';
const STANDALONE_PAGE = 'demo/index.html';

const CONSOLE_ENTRY = 'bastion-console.js';

/**
 * The console's entry statically imports shared chunks the browser would only discover after
 * downloading and parsing the entry; preload links fetch them in parallel (one round trip less).
 */
function withModulePreloads(html, bundle) {
  const entry = bundle[CONSOLE_ENTRY];
  if (!entry || entry.type !== 'chunk') return html;
  const links = entry.imports.map((file) => `<link rel="modulepreload" href="./${file}">`).join('\n  ');
  return links ? html.replace(/(\s*)(<script type="module")/, `$1${links}$1$2`) : html;
}

/** Starts from an empty dist/ (hashed chunks of earlier builds would pile up) and adds the page. */
function standalonePage() {
  return {
    name: 'standalone-page',
    buildStart() {
      rmSync(OUT_DIR, { recursive: true, force: true });
      this.addWatchFile(STANDALONE_PAGE);
    },
    generateBundle(_options, bundle) {
      const html = withModulePreloads(readFileSync(STANDALONE_PAGE, 'utf8'), bundle);
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
    },
  };
}

const onwarn = (warning, warn) => {
  // React and friends start modules with "use client"; meaningless in a browser bundle.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  // jsencrypt's TypeScript helpers test `this && this.__extends` at module level; undefined is what they expect.
  if (warning.code === 'THIS_IS_UNDEFINED' && /\/jsencrypt\//.test(warning.id ?? '')) return;
  warn(warning);
};

// Every English catalogue (`*.en.ts`, core/i18n) in one chunk: the console loads it only when it speaks
// English, in one request rather than one per section. jsencrypt (the login page's RSA, imported on the
// first sign-in) under its own name.
const manualChunks = (id) =>
  /\.en\.ts$/.test(id) ? 'lang-en' : /\/node_modules\/jsencrypt\//.test(id) ? 'jsencrypt' : undefined;

const SYNC_STORE_SHIM = 'use-sync-external-store/shim/index.js';
const SYNC_STORE = '\0react-sync-external-store';

/**
 * wouter imports use-sync-external-store's shim, a copy of the hook for React < 18 that React 19 never
 * runs (the shim hands out React's own when React has one): React's own, without the copy (1 KB gzip
 * of the console's first load).
 */
function reactSyncExternalStore() {
  return {
    name: 'react-sync-external-store',
    resolveId: (id) => (id === SYNC_STORE_SHIM ? SYNC_STORE : null),
    load: (id) => (id === SYNC_STORE ? "export { useSyncExternalStore } from 'react'" : null),
  };
}

/** Sources to browser modules: TypeScript/JSX, CSS as text, npm modules resolved, minified (NO_MINIFY=1 keeps them readable). */
const compile = () => [
  elementContract(),
  shellIconsRollup(),
  reactSyncExternalStore(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
  commonjs(),
  cssAsText(),
  esbuild({ jsx: 'automatic', target: 'es2022', tsconfig: 'tsconfig.json' }),
  ...(process.env.NO_MINIFY
    ? []
    : [terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } })]),
];

/**
 * The build the server and nginx serve under /ui/: self-contained (React included), with the standalone
 * page and a brotli and a gzip copy of each file.
 * @param {Record<string, string>} input entry name → source path
 */
export function elementsBuild(input) {
  return {
    input,
    output: {
      dir: OUT_DIR,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      manualChunks,
    },
    onwarn,
    plugins: [standalonePage(), ...compile(), shoelaceIcons(), precompress()],
  };
}

export const PACKAGE_DIR = 'lib';
/** What the package leaves to the app's bundler: React, so a React app and our elements share one copy. */
const PEER = /^(react|react-dom|scheduler)(\/|$)/;

/**
 * The build the npm package ships (`npm pack` runs it): the same elements and chunks for an app's
 * bundler, with React as a peer dependency instead of inside. Everything else (Shoelace, nanostores,
 * the stores…) stays bundled and tree-shaken, so installing the package pulls in nothing but React.
 * @param {Record<string, string>} input entry name → source path
 */
export function packageBuild(input) {
  return {
    input,
    external: (id) => PEER.test(id),
    output: {
      dir: PACKAGE_DIR,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      manualChunks,
    },
    onwarn,
    plugins: [emptyFirst(PACKAGE_DIR), ...compile(), shoelaceIcons()],
  };
}

/** Starts from an empty folder: hashed chunks of earlier builds would pile up. */
function emptyFirst(dir) {
  return {
    name: 'empty-first',
    buildStart() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
