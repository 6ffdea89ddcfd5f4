// `npm run bench`: prints plain figures (no pass/fail) for every section in scripts/bench/sections.mjs.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { elementEntries } from './build/entries.mjs';
import { SECTIONS } from './bench/sections.mjs';
import { formatTable } from './bench/table.mjs';

// The benchmarks' servers may connect to loopback only (their seeded assets are all 127.x).
process.env.BASTION_ALLOWED_TARGETS = '127.0.0.0/8';

const distDir = 'dist';

function buildIsMissing() {
  const expected = ['index.html', ...Object.keys(elementEntries()).map((name) => `${name}.js`)];
  return expected.some((file) => !existsSync(join(distDir, file)));
}

// The figures must describe the sources as they are: a dist/ left from an earlier checkout or from a
// NO_MINIFY=1 profiling build would be measured otherwise. BENCH_USE_DIST=1 measures dist/ as it is.
if (process.env.BENCH_USE_DIST === '1' && !buildIsMissing()) {
  console.log('BENCH_USE_DIST=1: measuring dist/ as it is');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NO_MINIFY: '' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Every section measures one snapshot of the build: a rebuild meanwhile (another terminal, a test
// run) would change chunk names under a page being loaded by the browser sections.
const snapshot = mkdtempSync(join(tmpdir(), 'bastion-bench-dist-'));
process.once('exit', () => rmSync(snapshot, { recursive: true, force: true }));
cpSync(distDir, snapshot, { recursive: true });

// `npm run bench -- grants` (or BENCH_ONLY=grants) runs only the sections with those names.
const only = new Set([...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')].filter(Boolean));
for (const section of SECTIONS.filter((s) => !only.size || only.has(s.name))) {
  const { headers, rows } = await section.run({ distDir: snapshot });
  console.log(`\n${section.title}\n\n${formatTable(headers, rows)}`);
}
