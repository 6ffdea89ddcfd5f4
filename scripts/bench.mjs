// `npm run bench`: prints plain figures (no pass/fail) for every section in scripts/bench/sections.mjs;
// `npm run bench -- first-load` (or another of its SECTION_GROUPS) runs only that group's sections.
// First: on the project's Node (node_modules/.bin/node), whichever `node` started this (scripts/lib/project-node.mjs).
import './lib/project-node.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { elementEntries } from './build/entries.mjs';
import { SECTION_GROUPS, SECTIONS } from './bench/sections.mjs';
import { formatTable } from './bench/table.mjs';

// The benchmarks' servers may connect to loopback only (their seeded assets are all 127.x).
process.env.BASTION_ALLOWED_TARGETS = '127.0.0.0/8';

const distDir = 'dist';

const groups = process.argv.slice(2);
const unknown = groups.filter((name) => !SECTION_GROUPS[name]);
if (unknown.length > 0) {
  console.error(`Unknown bench group: ${unknown.join(', ')}; groups: ${Object.keys(SECTION_GROUPS).join(', ')}`);
  process.exit(2);
}
const chosen =
  groups.length === 0
    ? SECTIONS.filter((section) => !section.onRequest)
    : SECTIONS.filter((section) => groups.some((name) => SECTION_GROUPS[name].includes(section)));

function buildIsMissing() {
  const expected = ['index.html', ...Object.keys(elementEntries()).map((name) => `${name}.js`)];
  return expected.some((file) => !existsSync(join(distDir, file)));
}

// The figures must describe the sources as they are: a dist/ left from an earlier checkout or from a
// NO_MINIFY=1 profiling build would be measured otherwise. BENCH_USE_DIST=1 measures dist/ as it is.
// Sections that measure no page (the door) need no build.
const needsBuild = chosen.some((section) => section.needsBuild !== false);
if (!needsBuild) {
  // nothing to build
} else if (process.env.BENCH_USE_DIST === '1' && !buildIsMissing()) {
  console.log('BENCH_USE_DIST=1: measuring dist/ as it is');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NO_MINIFY: '' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// What the chosen sections run beside them (a private sshd …), installed first as `npm test` does, so a
// new machine can run any section it is given.
for (const need of new Set(chosen.flatMap((section) => section.needs ?? []))) {
  const ensured = spawnSync(process.execPath, [`scripts/ensure-${need}.mjs`], { stdio: 'inherit' });
  if (ensured.status !== 0) process.exit(ensured.status ?? 1);
}

// Every section measures one snapshot of the build: a rebuild meanwhile (another terminal, a test
// run) would change chunk names under a page being loaded by the browser sections.
const snapshot = mkdtempSync(join(tmpdir(), 'bastion-bench-dist-'));
process.once('exit', () => rmSync(snapshot, { recursive: true, force: true }));
if (needsBuild) cpSync(distDir, snapshot, { recursive: true });

for (const section of chosen) {
  const { headers, rows, notes = [] } = await section.run({ distDir: snapshot });
  console.log(`\n${section.title}\n\n${formatTable(headers, rows)}${notes.map((note) => `\n${note}`).join('')}`);
}
