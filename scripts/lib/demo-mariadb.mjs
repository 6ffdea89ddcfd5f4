// `npm start`'s demo MariaDB: the server the seeded database app orders-mysql points at (127.10.3.21:3306,
// or wherever MARIADB_DEMO_HOST / MARIADB_DEMO_PORT put both; database `orders`), so My apps → Connect reaches a real database. Linux routes all of 127.0.0.0/8 to
// loopback, so that address needs no setup. Its datadir lives in DATA_DIR/mariadb: built and filled from
// demo-mariadb.sql on the first start, kept across starts. Every start (re)sets the accounts the seeded
// system users name, so their passwords cannot drift from the seed:
//   readonly: SELECT on orders.* only, with the password the seed gives mysql-readonly (auto login),
//             the demo password (demo/server/seed/demo-password.mjs);
//   dba:      all privileges, password DEMO_DBA_PASSWORD (mysql-dba is a manual-login system user:
//             the password is typed at connect).
// Same server and options as the tests' private MariaDB (mariadb.mjs). The seeded reports-mysql app
// (127.10.3.22:3307) has no server here: connecting to it shows a refused connection, as a replica that
// is down would.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPassword } from '../../demo/server/seed/demo-password.mjs';
import { INSTALL_DB, MARIADB, MARIADBD, installDatadir, startMariaDbServer } from './mariadb.mjs';

// Its address is the server's too (the seeded app points there): one rule, in the seed's folder.
import { DEMO_MARIADB_HOST, DEMO_MARIADB_PORT, demoMariaDbAddress } from '../../demo/server/seed/demo-mariadb-address.mjs';

export { DEMO_MARIADB_HOST, DEMO_MARIADB_PORT, demoMariaDbAddress };
export const DEMO_DATABASE = 'orders';
export const READONLY_USER = 'readonly';
export const DBA_USER = 'dba';
export const DEMO_DBA_PASSWORD = 'orders-dba-pass';
const SEED_SQL = new URL('./demo-mariadb.sql', import.meta.url);
// A unix socket path is at most 107 bytes; a deep DATA_DIR gets its socket in a temporary folder instead.
const MAX_SOCKET_PATH = 100;

/** Whether Debian's MariaDB server and client are installed (scripts/ensure-mariadb.mjs installs them). */
export function mariadbInstalled() {
  return [MARIADBD, INSTALL_DB, MARIADB].every((path) => existsSync(path));
}

/** A mariadbd left running on this datadir by a launcher that was killed outright: stopped first, or the new one would wait for its locks. */
async function stopLeftover(pidFile, datadir) {
  let pid;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(`--datadir=${datadir}`)) return;
  } catch {
    return;
  }
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 300; i += 1) {
    try { process.kill(pid, 0); } catch { return; }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`an earlier mariadbd (pid ${pid}) on ${datadir} did not stop`);
}

/**
 * Starts the demo server with its datadir in `dir` (built and seeded when new), ensures its accounts and
 * resolves once they work. `created`: the datadir was built by this start.
 * @returns {Promise<import('./mariadb.d.mts').MariaDb & { created: boolean }>}
 */
export async function startDemoMariaDb({ dir, host = DEMO_MARIADB_HOST, port = DEMO_MARIADB_PORT, readonlyPassword = demoPassword(), timeoutMs = 60_000 }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const datadir = join(dir, 'data');
  const pidFile = join(dir, 'mysqld.pid');
  // Written once the database is filled: a first start that died halfway builds it again.
  const seeded = join(dir, 'seeded');
  await stopLeftover(pidFile, datadir);
  const created = !existsSync(seeded);
  if (created) {
    rmSync(datadir, { recursive: true, force: true });
    await installDatadir(datadir);
  }
  const shortEnough = Buffer.byteLength(join(dir, 'mysqld.sock')) <= MAX_SOCKET_PATH;
  const socketDir = shortEnough ? null : mkdtempSync(join(tmpdir(), 'bastion-mariadb-demo-'));
  const server = await startMariaDbServer({
    datadir, socket: join(socketDir ?? dir, 'mysqld.sock'), pidFile, errorLog: join(dir, 'error.log'),
    host, port, removeOnStop: socketDir ?? undefined, timeoutMs, detached: true,
  }).catch((error) => {
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    throw error;
  });
  try {
    if (created) {
      await server.sql(readFileSync(SEED_SQL, 'utf8'));
      writeFileSync(seeded, `${new Date().toISOString()}\n`);
    }
    await server.createAccount(READONLY_USER, readonlyPassword, `SELECT ON ${DEMO_DATABASE}.*`);
    await server.createAccount(DBA_USER, DEMO_DBA_PASSWORD, 'ALL PRIVILEGES ON *.*');
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { ...server, created };
}
