// `npm test`: type-check, server suite (node:test), build, browser suite (web-test-runner), then ONE
// plain line `N passed, N failed[, N skipped]` summing every runner. Exits non-zero on any failure,
// and a runner that crashed (no totals) counts as one failure.
// First: on the project's Node (node_modules/.bin/node), whichever `node` started this (scripts/lib/project-node.mjs).
import './lib/project-node.mjs';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStep } from './test/spawn-step.mjs';
import { findTestFiles } from './test/test-files.mjs';
import { addTotals, countStoppedNodeTests, emptyTotals, formatTotals, parseNodeTestTotals } from './test/totals.mjs';

// Tests talk only to this machine: the task runner (and every server child) may connect to loopback only.
process.env.BASTION_ALLOWED_TARGETS = '127.0.0.0/8';

const node = process.execPath;
// Every runner below is this Node or a child of it (node --test, tsx, web-test-runner through PATH).
console.log(`[test] on Node ${process.version} (${node})`);
const bin = (name) => join('node_modules', '.bin', name);
// node:test suites: the reference server's (test/server/<feature>/) and the terminal component's (test/terminal/<part>/).
const SERVER_TESTS = ['test/server', 'test/terminal'];
const PACKAGE_TESTS = 'test/package';
// What a node:test step is given. A test that runs past TEST_TIMEOUT fails (the slowest takes ~30 s on a
// loaded machine); a test file whose tests are done exits even if something it started is still open, so
// one leak cannot hold the whole suite (CI once stopped at its limit after the replay-storage tests).
const NODE_TEST_FLAGS = ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-force-exit'];
const TEST_TIMEOUT = { server: 240_000, package: 900_000 };
// Past these a step is stopped and counted failed, so that a hang still ends in a summary (CI stops at 90 min).
// A healthy run takes about a third of each here (server ~18 min, browser ~21 min on a quiet 2-core machine).
const MIN = 60_000;
const STEP_TIMEOUT = {
  install: 20 * MIN,
  lint: 10 * MIN,
  typecheck: 10 * MIN,
  server: 50 * MIN,
  build: 10 * MIN,
  browser: 45 * MIN,
  package: 15 * MIN,
};
const summary = [];
let total = emptyTotals();

function record(runner, totals, note = '') {
  summary.push(`${runner.padEnd(12)} ${formatTotals(totals)}${note ? `  (${note})` : ''}`);
  total = addTotals(total, totals);
}

// Lint, then format: ESLint's correctness rules and the import boundaries (eslint.config.mjs), and Prettier's
// layout (.prettierrc.json; `npm run format` applies it). Each is one check, however many files it flags.
async function lint() {
  const totals = emptyTotals();
  const steps = [
    ['eslint', ['node_modules/eslint/bin/eslint.js', '.']],
    ['prettier', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']],
  ];
  for (const [title, args] of steps) {
    const { code } = await runStep(title, node, args, { timeoutMs: STEP_TIMEOUT.lint });
    if (code === 0) totals.passed += 1;
    else totals.failed += 1;
  }
  record('lint', totals);
}

// One check per target: the browser code without Node's types, the Node code without the DOM's, and all of it
// with the tests (which straddle both) as editors see it.
const TSCONFIGS = ['tsconfig.browser.json', 'tsconfig.node.json', 'tsconfig.json'];

async function typeCheck() {
  const totals = emptyTotals();
  for (const config of TSCONFIGS) {
    const { code } = await runStep(`type-check ${config}`, bin('tsc'), ['--noEmit', '-p', config], {
      timeoutMs: STEP_TIMEOUT.typecheck,
    });
    // A type error is one failed check, however many errors tsc lists.
    if (code === 0) totals.passed += 1;
    else totals.failed += 1;
  }
  record('type-check', totals);
}

async function serverSuite() {
  const files = SERVER_TESTS.flatMap((dir) => findTestFiles(dir, /\.test\.ts$/));
  if (files.length === 0) return record('server', emptyTotals(), `no test files in ${SERVER_TESTS.join(', ')}`);
  // The task-runner tests talk to a private OpenSSH server; install it first, like Chromium.
  const sshd = await runStep('sshd', node, ['scripts/ensure-sshd.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (sshd.code !== 0) return record('server', { ...emptyTotals(), failed: 1 }, 'no OpenSSH server');
  // The LDAP tests start a private OpenLDAP server (Debian's slapd) the same way.
  const slapd = await runStep('slapd', node, ['scripts/ensure-slapd.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (slapd.code !== 0) return record('server', { ...emptyTotals(), failed: 1 }, 'no OpenLDAP server');
  // The deployment tests run Debian's nginx with deploy/nginx/ (nginx -t, and a private one on a loopback port).
  const nginx = await runStep('nginx', node, ['scripts/ensure-nginx.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (nginx.code !== 0) return record('server', { ...emptyTotals(), failed: 1 }, 'no nginx');
  // The database-app tests start a private MariaDB (Debian's mariadb-server) and use its `mariadb` client.
  const mariadb = await runStep('mariadb', node, ['scripts/ensure-mariadb.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (mariadb.code !== 0) return record('server', { ...emptyTotals(), failed: 1 }, 'no MariaDB server');
  // The replay-storage tests start a private S3 server (Ceph's RADOS Gateway, one node on loopback).
  const ceph = await runStep('ceph', node, ['scripts/ensure-ceph.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (ceph.code !== 0) return record('server', { ...emptyTotals(), failed: 1 }, 'no Ceph RADOS Gateway');
  const { code, output, timedOut } = await runStep(
    'server tests',
    node,
    [...NODE_TEST_FLAGS, `--test-timeout=${TEST_TIMEOUT.server}`, ...files],
    { timeoutMs: STEP_TIMEOUT.server },
  );
  if (timedOut)
    return record('server', countStoppedNodeTests(output), `stopped after ${STEP_TIMEOUT.server / MIN} min`);
  const totals = parseNodeTestTotals(output);
  if (!totals) return record('server', { ...emptyTotals(), failed: 1 }, `crashed with exit code ${code}`);
  const crashed = code !== 0 && totals.failed === 0;
  record('server', crashed ? { ...totals, failed: 1 } : totals, crashed ? `exit code ${code}` : '');
}

async function browserSuite() {
  const files = findTestFiles('test', /\.test\.tsx?$/, [...SERVER_TESTS, PACKAGE_TESTS]);
  if (files.length === 0) return record('browser', emptyTotals(), 'no browser test files');
  const chromium = await runStep('chromium', node, ['scripts/ensure-chromium.mjs'], {
    timeoutMs: STEP_TIMEOUT.install,
  });
  if (chromium.code !== 0) return record('browser', { ...emptyTotals(), failed: 1 }, 'no Chromium');
  const slapd = await runStep('slapd', node, ['scripts/ensure-slapd.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (slapd.code !== 0) return record('browser', { ...emptyTotals(), failed: 1 }, 'no OpenLDAP server');
  const nginx = await runStep('nginx', node, ['scripts/ensure-nginx.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (nginx.code !== 0) return record('browser', { ...emptyTotals(), failed: 1 }, 'no nginx');
  // The web terminal's database-app test connects to a private MariaDB (started by its fixture).
  const mariadb = await runStep('mariadb', node, ['scripts/ensure-mariadb.mjs'], { timeoutMs: STEP_TIMEOUT.install });
  if (mariadb.code !== 0) return record('browser', { ...emptyTotals(), failed: 1 }, 'no MariaDB server');
  const build = await runStep('build', 'npm', ['run', 'build'], { timeoutMs: STEP_TIMEOUT.build });
  if (build.code !== 0) record('build', { ...emptyTotals(), failed: 1 }, 'rollup failed');

  const scratch = mkdtempSync(join(tmpdir(), 'bastion-test-'));
  const totalsFile = join(scratch, 'wtr-totals.json');
  try {
    const env = { ...process.env, WTR_TOTALS_FILE: totalsFile };
    const { code } = await runStep('browser tests', bin('web-test-runner'), [], {
      env,
      timeoutMs: STEP_TIMEOUT.browser,
    });
    if (!existsSync(totalsFile))
      return record('browser', { ...emptyTotals(), failed: 1 }, `crashed with exit code ${code}`);
    const totals = JSON.parse(readFileSync(totalsFile, 'utf8'));
    const crashed = code !== 0 && totals.failed === 0;
    record('browser', crashed ? { ...totals, failed: 1 } : totals, crashed ? `exit code ${code}` : '');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// A portal's view of the package: `npm pack`, installed into a new Vite + React app from the npm registry,
// type-checked, built and driven in Chromium on another origin (test/package/).
async function packageSuite() {
  const files = findTestFiles(PACKAGE_TESTS, /\.test\.ts$/);
  if (files.length === 0) return record('package', emptyTotals(), `no test files in ${PACKAGE_TESTS}/`);
  const chromium = await runStep('chromium', node, ['scripts/ensure-chromium.mjs'], {
    timeoutMs: STEP_TIMEOUT.install,
  });
  if (chromium.code !== 0) return record('package', { ...emptyTotals(), failed: 1 }, 'no Chromium');
  const { code, output, timedOut } = await runStep(
    'package tests',
    node,
    [...NODE_TEST_FLAGS, `--test-timeout=${TEST_TIMEOUT.package}`, ...files],
    { timeoutMs: STEP_TIMEOUT.package },
  );
  if (timedOut)
    return record('package', countStoppedNodeTests(output), `stopped after ${STEP_TIMEOUT.package / MIN} min`);
  const totals = parseNodeTestTotals(output);
  if (!totals) return record('package', { ...emptyTotals(), failed: 1 }, `crashed with exit code ${code}`);
  const crashed = code !== 0 && totals.failed === 0;
  record('package', crashed ? { ...totals, failed: 1 } : totals, crashed ? `exit code ${code}` : '');
}

// `node scripts/test.mjs server browser` runs only the named steps (npm run test:server / test:browser).
const STEPS = { lint, typecheck: typeCheck, server: serverSuite, browser: browserSuite, package: packageSuite };
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in STEPS));
if (unknown.length > 0) {
  console.error(`unknown step(s) ${unknown.join(', ')}; choose from ${Object.keys(STEPS).join(', ')}`);
  process.exit(2);
}
for (const [name, step] of Object.entries(STEPS)) {
  if (chosen.length === 0 || chosen.includes(name)) await step();
}

console.log(`\n=== summary\n${summary.join('\n')}\n`);
console.log(formatTotals(total));
process.exitCode = total.failed > 0 ? 1 : 0;
