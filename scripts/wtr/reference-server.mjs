// Browser tests run against the real reference server: one instance per test run, on a free port,
// with a fresh database in a temporary DATA_DIR that is removed afterwards.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { freePort } from '../lib/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = 'demo/server/main.ts';
const START_TIMEOUT_MS = 120_000;
const LOG_TAIL_LINES = 60;
/** The password seeded for every demo user in the test database (test/helpers/server.ts assumes it). */
export const TEST_PASSWORD = 'bastion';
/** The terminal registration token of the test run (terminal-fixture.mjs registers with it). */
export const TEST_BOOTSTRAP_TOKEN = 'bastion-test-bootstrap-token';

/** Shared with the proxy middleware, which needs the port once the server is up (and login-captcha.mjs, its data). */
export const referenceServer = { port: 0, logTail: [], dataDir: '' };
let child;
let dataDir;

function keepTail(chunk) {
  referenceServer.logTail.push(...String(chunk).split('\n').filter(Boolean));
  referenceServer.logTail.splice(0, Math.max(0, referenceServer.logTail.length - LOG_TAIL_LINES));
}

async function waitForHealth(port) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`reference server exited with code ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`reference server did not answer /api/health/ within ${START_TIMEOUT_MS / 1000} s`);
}

export async function startReferenceServer() {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'bastion-wtr-'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    BASTION_DEMO_PASSWORD: TEST_PASSWORD,
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
    BOOTSTRAP_TOKEN: TEST_BOOTSTRAP_TOKEN,
  }; // the server under test connects to loopback only
  delete env.BASTION_LICENSE_VALID; // tests start from the default (unlicensed) state
  child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);
  child.once('exit', (code) => {
    // Only a server that was serving tests and died on its own is news worth its log.
    if (referenceServer.port)
      console.error(`reference server exited (code ${code}); its last output:\n${referenceServer.logTail.join('\n')}`);
  });
  try {
    await waitForHealth(port);
  } catch (error) {
    console.error(`${error.message}; its last output:\n${referenceServer.logTail.join('\n')}`);
    stopReferenceServerNow();
    throw error;
  }
  referenceServer.port = port;
  referenceServer.dataDir = dataDir;
  reportRuntime();
}

// The browser suite's server runs on the project's Node (node_modules/.bin/node, as web-test-runner itself when
// started through npm or scripts/test.mjs): said once in the run's output, and a server on another Node stops the run.
function reportRuntime() {
  const exe = realpathSync(readlinkSync(`/proc/${child.pid}/exe`));
  console.log(`[runtime] web-test-runner on Node ${process.version} (${process.execPath}); reference server on ${exe}`);
  if (exe !== realpathSync(process.execPath))
    throw new Error(`the reference server runs on ${exe}, not on ${process.execPath}`);
  if (Number(process.versions.node.split('.')[0]) < 22)
    throw new Error(
      `web-test-runner runs on Node ${process.version}, past its end of life: start it through npm (node_modules/.bin/node)`,
    );
}

/** Synchronous, so it can also run from process 'exit'. */
export function stopReferenceServerNow() {
  referenceServer.port = 0;
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  child = undefined;
  dataDir = undefined;
}

export async function stopReferenceServer() {
  referenceServer.port = 0; // from here on an exit is expected
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  stopReferenceServerNow();
}

/** wtr plugin: the server lives exactly as long as the dev server. */
export function referenceServerPlugin() {
  return {
    name: 'reference-server',
    async serverStart() {
      if (!existsSync(MAIN)) {
        console.warn(`${MAIN} does not exist yet: browser tests that need the API will fail`);
        return;
      }
      process.once('exit', stopReferenceServerNow);
      await startReferenceServer();
    },
    async serverStop() {
      await stopReferenceServer();
    },
  };
}
