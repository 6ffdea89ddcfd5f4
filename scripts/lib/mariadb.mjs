// A private MariaDB server (Debian's mariadb-server, installed by scripts/ensure-mariadb.mjs): its own
// datadir (mariadb-install-db's, copied), mariadbd on a loopback address and port with its own socket, pid
// file and error log. The tests start a throwaway one (startMariaDb, test/server/support/mariadb.ts); `npm
// start` keeps one under DATA_DIR (demo-mariadb.mjs) with the same server options.
// Administration goes over the socket as the OS account running this process: mariadb-install-db gives
// it a MariaDB account authenticated by unix_socket, so no admin password exists anywhere. The accounts
// a test or the demo creates are real (never --skip-grant-tables): their passwords are what is tested.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, extname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startDaemon } from './daemon.mjs';
import { freePort } from './free-port.mjs';

export const MARIADBD = '/usr/sbin/mariadbd';
export const INSTALL_DB = '/usr/bin/mariadb-install-db';
export const MARIADB = '/usr/bin/mariadb';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** The MariaDB account of the OS account running this process (root, or the user it runs as). */
export const ADMIN_USER = isRoot ? 'root' : userInfo().username;

// A small, quick server: a 16 MB buffer pool and an 8 MB redo log (not 128 MB / 96 MB), no binary log,
// IP addresses in grants (no DNS lookup per connection). mariadb-install-db passes them on too.
const SERVER_OPTIONS = [
  '--innodb-buffer-pool-size=16M', '--innodb-log-file-size=8M', '--skip-log-bin', '--skip-name-resolve',
  '--character-set-server=utf8mb4', '--collation-server=utf8mb4_unicode_ci',
];
// As root, mariadbd runs only when told to (it would otherwise refuse); as anyone else it runs as itself.
const RUN_AS = isRoot ? ['--user=root'] : [];

/** A string literal for SQL text (the server's default mode: backslash escapes on). */
export function sqlString(value) {
  return `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\0/g, '\\0')}'`;
}

function tail(file, lines = 25) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function alive(pidFile) {
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `command args` with `input` on stdin; resolves to its output, rejects with its stderr. */
function run(command, args, input = '') {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} exited ${code}: ${(stderr || stdout).trim()}`))));
    child.stdin.end(input);
  });
}

/** Builds an empty datadir (system tables, no test database) with mariadb-install-db. */
export async function installDatadir(datadir) {
  const who = isRoot ? ['--user=root'] : [`--auth-root-socket-user=${ADMIN_USER}`];
  await run(INSTALL_DB, [
    '--no-defaults', `--datadir=${datadir}`, '--auth-root-authentication-method=socket', '--skip-test-db', ...who, ...SERVER_OPTIONS,
  ]).catch((error) => {
    throw new Error(`mariadb-install-db failed for ${datadir}: ${error.message.split('\n').slice(-15).join('\n')}`);
  });
}

// A new datadir costs mariadb-install-db some 0.6 s, a copy of one some 40 ms. Test files run in processes
// of their own, so the pristine datadir is kept in the temporary folder, one per mariadbd build, options
// and OS account: built under another name and renamed whole (a process sees all of it or builds its own),
// with the sizes of its files listed beside them and checked before each copy (a cleaner of old files in
// the temporary folder may have taken some).
const TEMPLATE_LIST = '.bastion-template.json';

export function templatePath() {
  const { size, mtimeMs } = statSync(MARIADBD);
  const key = createHash('sha256').update(JSON.stringify([size, mtimeMs, SERVER_OPTIONS, ADMIN_USER])).digest('hex').slice(0, 16);
  return join(tmpdir(), `bastion-mariadb-template-${key}`);
}

function fileSizes(dir) {
  const sizes = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name !== TEMPLATE_LIST) sizes[relative(dir, join(entry.parentPath, entry.name))] = statSync(join(entry.parentPath, entry.name)).size;
  }
  return sizes;
}

function intact(template) {
  try {
    return isDeepStrictEqual(JSON.parse(readFileSync(join(template, TEMPLATE_LIST), 'utf8')), fileSizes(template));
  } catch {
    return false;
  }
}

/** A new datadir at `datadir`, copied from the kept pristine one (built first when missing or damaged). */
export async function freshDatadir(datadir, template = templatePath()) {
  if (!intact(template)) {
    rmSync(template, { recursive: true, force: true });
    const building = mkdtempSync(`${template}.building-`);
    try {
      await installDatadir(building);
      writeFileSync(join(building, TEMPLATE_LIST), JSON.stringify(fileSizes(building)));
      renameSync(building, template);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      // Another process renamed its copy first: use that one.
      if (!intact(template)) throw error;
    }
  }
  cpSync(template, datadir, { recursive: true, filter: (source) => basename(source) !== TEMPLATE_LIST });
}

/**
 * Starts mariadbd on an existing datadir and waits until it accepts connections on host:port.
 * `removeOnStop`: a folder stop() removes (a throwaway server's); `detached`: its own process group.
 * @returns {Promise<import('./mariadb.d.mts').MariaDb>}
 */
export async function startMariaDbServer({ datadir, socket, pidFile, errorLog, host = '127.0.0.1', port, removeOnStop, timeoutMs = 20_000, detached = false }) {
  // mariadbd would write a name without an extension as `<name>.err`, where the tail is not looked for.
  if (!extname(errorLog)) throw new Error(`the error log needs an extension: ${errorLog}`);
  // This run's log only: a failure shows what this start said.
  writeFileSync(errorLog, '');
  const args = [
    '--no-defaults', `--datadir=${datadir}`, `--socket=${socket}`, `--port=${port}`, `--bind-address=${host}`,
    `--pid-file=${pidFile}`, `--log-error=${errorLog}`, ...RUN_AS, ...SERVER_OPTIONS,
  ];
  const stop = await startDaemon({
    command: MARIADBD, args, host, port, dir: removeOnStop, timeoutMs, detached,
    failure: (said) => `mariadbd did not start on ${host}:${port}: ${said}`,
    extraLog: () => `\n${errorLog} ends:\n${tail(errorLog)}`,
    // Its own word, not just an open port: another process on that port would answer too.
    ready: () => readFileSync(errorLog, 'utf8').includes('ready for connections'),
  });
  const sql = (statement) => run(MARIADB, ['--no-defaults', `--socket=${socket}`, `--user=${ADMIN_USER}`, '--batch'], statement).catch((error) => {
    // A server that died meanwhile says why in its error log, not in the client's "can't connect".
    throw alive(pidFile) ? error : new Error(`${error.message}\nmariadbd is no longer running; ${errorLog} ends:\n${tail(errorLog)}`);
  });
  /** The account on each of `hosts`, with exactly this password and these grants (again: the same result). */
  const createAccount = async (user, password, grants = 'ALL PRIVILEGES ON *.*', hosts = ['127.0.0.1', 'localhost']) => {
    const statements = hosts.flatMap((accountHost) => {
      const account = `${sqlString(user)}@${sqlString(accountHost)}`;
      return [
        `CREATE USER IF NOT EXISTS ${account} IDENTIFIED BY ${sqlString(password)};`,
        `ALTER USER ${account} IDENTIFIED BY ${sqlString(password)};`,
        `REVOKE ALL PRIVILEGES, GRANT OPTION FROM ${account};`,
        `GRANT ${grants} TO ${account};`,
      ];
    });
    await sql(statements.join('\n'));
  };
  return { host, port, socket, pidFile, errorLog, sql, createAccount, stop };
}

/**
 * A throwaway server for a test: a new datadir in a temporary folder, a free port on 127.0.0.1 (or
 * `host`); stop() ends it and removes the folder.
 * @returns {Promise<import('./mariadb.d.mts').MariaDb>}
 */
export async function startMariaDb({ host = '127.0.0.1', timeoutMs } = {}) {
  if (!existsSync(MARIADBD)) throw new Error(`${MARIADBD} is missing: run node scripts/ensure-mariadb.mjs (apt-get install mariadb-server mariadb-client)`);
  const dir = mkdtempSync(join(tmpdir(), 'bastion-mariadb-'));
  try {
    const datadir = join(dir, 'data');
    await freshDatadir(datadir);
    const port = await freePort();
    return await startMariaDbServer({
      datadir, socket: join(dir, 'mysqld.sock'), pidFile: join(dir, 'mysqld.pid'), errorLog: join(dir, 'error.log'),
      host, port, removeOnStop: dir, timeoutMs,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
