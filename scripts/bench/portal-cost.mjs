// Bench section: what a portal pays up front for each element when its bundler takes it from the npm
// package (lib/, React a peer). Measured as the portal developer measured it: the portal's first chunk
// (the entry and every chunk it imports statically; lazy chunks not counted), built with and without
// `import 'bastion-console/<tag>'`, minified and gzip-6. Two portals: a React 19 app, which already has
// React (the elements share it), and a plain page, which gets React with the element.
// esbuild stands in for the portal's Vite (both bundle, split and minify; figures agree within a few KB).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { elementEntries } from '../build/entries.mjs';
import { PACKAGE_DIR } from '../build/rollup-options.mjs';
import { kb } from './module-graph.mjs';
import { within } from './stats.mjs';

const KB = 1024;
/** Issue 29's budgets: the asset list ≤ 90 KB gzip initial, the replay ≤ 60 KB (xterm lazy). */
export const PORTAL_BUDGETS = { 'bastion-asset-list': 90 * KB, 'bastion-session-replay': 60 * KB };

const REACT_APP =
  "import { createElement } from 'react'\nimport { createRoot } from 'react-dom/client'\n" +
  "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Portal'))\n";
const PLAIN_PAGE = "document.body.append('Portal')\n";

/** `bastion-console/<x>` from the package build, as an app's node_modules would give it. */
const fromPackage = (root) => ({
  name: 'bastion-console-package',
  setup(bundler) {
    bundler.onResolve({ filter: /^bastion-console(\/|$)/ }, (args) => {
      const name = args.path.split('/')[1] ?? 'index';
      return { path: resolve(root, PACKAGE_DIR, `${name}.js`) };
    });
  },
});

/** gzip bytes of the portal's first chunk for `source`. */
async function firstChunk(root, dir, source) {
  const entry = join(dir, 'portal.js');
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    outdir: join(dir, 'out'),
    absWorkingDir: dir,
    nodePaths: [join(root, 'node_modules')],
    plugins: [fromPackage(root)],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const bytes = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const first = new Set();
  const visit = (name) => {
    if (first.has(name)) return;
    first.add(name);
    for (const imported of outputs[name].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  // Lazy chunks are entry points of esbuild's too: the portal's is the one made from portal.js.
  visit(Object.keys(outputs).find((name) => outputs[name].entryPoint === 'portal.js'));
  let gzip = 0;
  for (const name of first) gzip += gzipSync(bytes.get(resolve(dir, name)), { level: 6 }).length;
  return gzip;
}

export const portalCost = {
  title:
    'What a portal pays up front per element, bundled from the package (first chunk with − without the import; gzip-6)',
  async run() {
    const root = process.cwd();
    const built = spawnSync('npm', ['run', 'build:package'], {
      stdio: 'ignore',
      env: { ...process.env, NO_MINIFY: '' },
    });
    if (built.status !== 0) throw new Error('npm run build:package failed');
    const dir = mkdtempSync(join(tmpdir(), 'bastion-portal-cost-'));
    try {
      const reactBase = await firstChunk(root, dir, REACT_APP);
      const plainBase = await firstChunk(root, dir, PLAIN_PAGE);
      const rows = [];
      for (const tag of Object.keys(elementEntries())) {
        const inReact = (await firstChunk(root, dir, `${REACT_APP}import 'bastion-console/${tag}'\n`)) - reactBase;
        const inPlain = (await firstChunk(root, dir, `${PLAIN_PAGE}import 'bastion-console/${tag}'\n`)) - plainBase;
        const budget = PORTAL_BUDGETS[tag];
        rows.push([
          tag,
          inReact,
          kb(inReact),
          budget ? kb(budget) : '-',
          budget ? within(inReact, budget) : '-',
          inPlain,
          kb(inPlain),
        ]);
      }
      return {
        headers: [
          'element',
          'React app + bytes',
          'React app +',
          'budget',
          'within',
          'plain page + bytes',
          'plain page + (React included)',
        ],
        rows,
        notes: [
          `The React app alone: ${kb(reactBase)} first chunk. Lazy chunks (English texts, the dark theme, the replay's terminal) load on use and are not counted.`,
        ],
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
