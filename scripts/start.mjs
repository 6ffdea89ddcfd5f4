// `npm start`: the reference server and, beside it, the terminal component (demo/terminal), sharing one
// bootstrap token (env BOOTSTRAP_TOKEN, else one generated once into DATA_DIR/bootstrap_token). The
// server does not depend on the terminal: if the terminal cannot start or stops, the server keeps
// serving (`npm run serve` starts the server alone). SIGTERM/SIGINT stop the terminal first (it closes
// its sessions and uploads their recordings through the server), then the server, then the demo MariaDB.
// The demo MariaDB (scripts/lib/demo-mariadb.mjs) is the real server behind the seeded database app
// orders-mysql (127.10.3.21:3306; MARIADB_DEMO_HOST/MARIADB_DEMO_PORT move it, MARIADB_DEMO_PORT=off leaves it
// out), its datadir kept in DATA_DIR/mariadb; without Debian's MariaDB installed everything else still starts.
// Both inherit this environment, so TERMINAL_HTTP_HOST/TERMINAL_HTTP_PORT name the same web door to the
// terminal (where it listens) and to the server (where its socket proxy connects). The key the server
// signs those connections with needs no setting: the server makes it once and hands it to registered
// terminals in their config answer (demo/server/terminal/proxy-secret.ts).
// TERMINAL_COUNT=N (default 1, at most 16) starts N terminal components, each its own process, name, doors
// and data folder: the first as above, the n-th named `<name>-<n>`, its SSH and web ports n-1 above the
// first's, its data in DATA_DIR/terminal-<n>. Each reports its doors in its heartbeat, so the server spreads
// web terminals across those that are up (demo/server/terminal/web-doors.ts).
// First: on the project's Node (node_modules/.bin/node), whichever `node` started this (scripts/lib/project-node.mjs).
import './lib/project-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { demoMariaDbAddress, mariadbInstalled, startDemoMariaDb } from './lib/demo-mariadb.mjs';

const dataDir = resolve(process.env.DATA_DIR || './data');
// The data folder holds the database and its key: only this account may read it (the server tightens an older one too).
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const tokenFile = join(dataDir, 'bootstrap_token');
if (!process.env.BOOTSTRAP_TOKEN && !existsSync(tokenFile))
  writeFileSync(tokenFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
const bootstrapToken = process.env.BOOTSTRAP_TOKEN || readFileSync(tokenFile, 'utf8').trim();
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8080);
// A server listening on every interface (the unspecified address) is reached here over loopback.
const apiHost = /^0+(\.0+){3}$|^::$/.test(host) ? '127.0.0.1' : host;

// The demo portal (demo/portal/): a second site on another loopback address, allowed across origins
// and registered as an OAuth client unless BASTION_CORS_ORIGINS says otherwise; PORTAL_PORT=off leaves it out.
const portalHost = process.env.PORTAL_HOST || '127.0.0.2';
const portalPort = process.env.PORTAL_PORT === 'off' ? null : Number(process.env.PORTAL_PORT || 8081);
const portalOrigin = portalPort === null ? null : `http://${portalHost}:${portalPort}`;
const portalEnv =
  portalOrigin === null
    ? {}
    : {
        BASTION_CORS_ORIGINS: process.env.BASTION_CORS_ORIGINS ?? portalOrigin,
        BASTION_DEMO_PORTAL: portalOrigin,
      };

// The demo MariaDB starts beside the server (it needs nothing from it); it resolves to null when it is left out.
async function startMariaDb() {
  const address = demoMariaDbAddress(process.env);
  if (address === null) return null;
  if (!mariadbInstalled()) {
    console.log(
      "[start] no demo MariaDB: Debian's mariadb-server and mariadb-client are not installed (apt-get install -y mariadb-server mariadb-client); the database app orders-mysql has no server to reach",
    );
    return null;
  }
  const started = await startDemoMariaDb({ dir: join(dataDir, 'mariadb'), ...address });
  console.log(
    `Demo MariaDB (database app orders-mysql): ${started.host}:${started.port}, database orders${started.created ? ', created in ' + join(dataDir, 'mariadb') : ''}`,
  );
  return started;
}
const mariadb = startMariaDb().catch((error) => {
  console.error(
    `[start] the demo MariaDB could not start, the database app orders-mysql has no server to reach: ${error.message}`,
  );
  return null;
});

// glibc gives each thread that allocates its own malloc arena; the server's and the terminal's worker
// threads (libuv's pool: scrypt, zlib, file I/O) made RSS climb in 64 MB steps over a soak with a flat JS
// heap (185 → 352 MB in 10 min), and two arenas held it at 175 → 196 MB doing more work.
const MALLOC = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

// Own process groups: a Ctrl-C reaches only this launcher, which stops them in order.
const run = (file, env) =>
  spawn(process.execPath, ['--import', 'tsx', file], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...MALLOC, ...env },
  });

const server = run('demo/server/main.ts', { BOOTSTRAP_TOKEN: bootstrapToken, DATA_DIR: dataDir, ...portalEnv });
const terminals = [];
let portal = null;
let stopping = false;

async function serverAnswers() {
  for (let i = 0; i < 600 && server.exitCode === null; i += 1) {
    try {
      const response = await fetch(`http://${apiHost}:${port}/api/v1/settings/public/`);
      if (response.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

const running = (child) => child && child.exitCode === null && child.signalCode === null;

process.on('exit', () => {
  for (const child of [...terminals, server]) if (running(child)) child.kill('SIGTERM');
});

server.on('exit', (code) => {
  if (!stopping) for (const child of terminals) if (running(child)) child.kill('SIGTERM');
  // The portal serves pages of this bastion: it goes with the server (and lets this launcher exit).
  void portal?.close();
  // Last, the demo MariaDB (once started, if it was still starting).
  void mariadb.then((started) => started?.stop());
  process.exitCode = code ?? 1;
});

if (await serverAnswers()) {
  if (portalPort !== null) {
    const { startPortal } = await import('../demo/portal/server.mjs');
    const bastion = (process.env.BASTION_PUBLIC_URL || `http://${apiHost}:${port}`).replace(/\/+$/, '');
    // PORTAL_ACCESS_KEY (a super admin's private token) and PORTAL_USER: the back end of /backend.html.
    const backend = { accessKey: process.env.PORTAL_ACCESS_KEY, username: process.env.PORTAL_USER };
    await startPortal({ host: portalHost, port: portalPort, bastion, backend }).then(
      (started) => {
        portal = started;
        console.log(`Demo portal (another site): ${started.origin}/`);
      },
      (error) => console.error(`[start] the demo portal could not start on ${portalOrigin}: ${error.message}`),
    );
  }
  let count = Number(process.env.TERMINAL_COUNT || 1);
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    console.error(
      `[start] TERMINAL_COUNT must be a whole number from 1 to 16, not ${process.env.TERMINAL_COUNT}; starting one terminal`,
    );
    count = 1;
  }
  const sshPort = Number(process.env.TERMINAL_SSH_PORT || 2222);
  const httpPort = Number(process.env.TERMINAL_HTTP_PORT || 5000);
  for (let n = 1; n <= count; n += 1) {
    // The first is the terminal `npm start` always ran (its name, ports and data folder unchanged).
    const own =
      n === 1
        ? {}
        : {
            TERMINAL_NAME: `${(process.env.TERMINAL_NAME || `koko-${hostname()}`).slice(0, 28)}-${n}`,
            TERMINAL_SSH_PORT: String(sshPort + n - 1),
            TERMINAL_HTTP_PORT: String(httpPort + n - 1),
          };
    const child = run('demo/terminal/main.ts', {
      BOOTSTRAP_TOKEN: bootstrapToken,
      BASTION_API: process.env.BASTION_API || `http://${apiHost}:${port}`,
      TERMINAL_DATA_DIR:
        n === 1 ? process.env.TERMINAL_DATA_DIR || join(dataDir, 'terminal') : join(dataDir, `terminal-${n}`),
      ...own,
    });
    child.on('exit', (code) => {
      if (!stopping)
        console.error(`[start] terminal component ${n} exited (${code}); the server keeps running without it`);
    });
    terminals.push(child);
  }
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const stopServer = () => {
      if (server.exitCode === null) server.kill('SIGTERM');
    };
    // The terminals first (they close their sessions and deliver their recordings), then the server.
    const live = terminals.filter(running);
    if (!live.length) return stopServer();
    let left = live.length;
    for (const child of live) {
      child.once('exit', () => {
        if ((left -= 1) === 0) stopServer();
      });
      child.kill('SIGTERM');
    }
    setTimeout(stopServer, 10_000).unref();
  });
}
