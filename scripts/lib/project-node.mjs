// The project's runtime is the Node that the `node` package installs (node_modules/.bin/node: Node 24 LTS),
// not whichever `node` the machine has (Debian's is 20, past its end of life, and better-sqlite3 13 needs 22+).
// `npm run` already puts node_modules/.bin first in PATH; this covers a script started by hand
// (`node scripts/test.mjs server`): imported first by scripts/start.mjs, test.mjs and bench.mjs, it runs the
// script again on the project's Node when another one started it, passes signals on and exits with its status.
// Children spawned with process.execPath follow, and node_modules/.bin leads PATH, so `#!/usr/bin/env node`
// tools (web-test-runner, tsc) run on it too. BASTION_NODE=/path/to/node picks another supported Node (22+).
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const projectBin = join(projectRoot, 'node_modules', '.bin');
/** The Node every script, server and test runs on. */
export const runtimeNode = process.env.BASTION_NODE || join(projectBin, 'node');
/** Oldest major the project supports (better-sqlite3 13 and the current Fastify plugins need 22). */
export const MIN_MAJOR = 22;

const same = (a, b) => {
  try { return realpathSync(a) === realpathSync(b); } catch { return false; }
};

if (!process.env.PATH?.split(delimiter).at(0)?.startsWith(projectBin)) {
  process.env.PATH = [projectBin, process.env.PATH].filter(Boolean).join(delimiter);
}

if (!same(process.execPath, runtimeNode)) {
  if (!existsSync(runtimeNode)) {
    console.error(`${runtimeNode} is missing: run \`npm install\` first (it brings the project's Node from the npm registry)`);
    process.exit(1);
  }
  const child = spawn(runtimeNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const status = await new Promise((done) => child.on('exit', (code, signal) => done(code ?? 128 + (constants.signals[signal] ?? 1))));
  process.exit(status);
}

if (Number(process.versions.node.split('.')[0]) < MIN_MAJOR) {
  console.error(`${process.execPath} is Node ${process.version}; the project needs Node ${MIN_MAJOR} or later (BASTION_NODE)`);
  process.exit(1);
}
