// What the web terminal's browser test connects to, started by scripts/wtr/web-terminal-fixture.mjs:
// a private OpenSSH server on a loopback port (the asset) and the real terminal component registered
// with the test run's server, its web door on the port that server proxies /koko/ws/ to, and a private
// MariaDB (the database app: database `shop` with a table `t`, an account with rights on it). Prints one
// JSON line with the sshd's and MariaDB's addresses and credentials, then runs until stdin closes or SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTerminal } from '../../../../demo/terminal/terminal.ts';
import { startSshd } from '../../../server/support/sshd.ts';
import { startMariaDb } from '../../../../scripts/lib/mariadb.mjs';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const sshd = await startSshd();
const maria = await startMariaDb();
const mariaAccount = { username: 'wt_reader', password: 'Wt-reader-pass-1' };
await maria.sql(
  "CREATE DATABASE shop; CREATE TABLE shop.t (id INT PRIMARY KEY, name VARCHAR(20)); INSERT INTO shop.t VALUES (1, 'alpha'), (2, 'beta');",
);
await maria.createAccount(mariaAccount.username, mariaAccount.password, 'ALL PRIVILEGES ON shop.*');
const dataDir = mkdtempSync(join(tmpdir(), 'bastion-webterm-terminal-'));
const terminal = await startTerminal({
  apiBase: env('BASTION_API'),
  bootstrapToken: env('BOOTSTRAP_TOKEN'),
  name: `webterm-test-${process.pid}`,
  dataDir,
  host: '127.0.0.1',
  sshPort: 0,
  httpPort: Number(env('TERMINAL_HTTP_PORT')),
  heartbeatInterval: 2,
  log: (line) => process.stderr.write(`[terminal] ${line}\n`),
});
process.stdout.write(
  `${JSON.stringify({
    sshd: { host: sshd.host, port: sshd.port, username: sshd.username, password: sshd.password },
    httpPort: terminal.httpPort,
    mariadb: { host: maria.host, port: maria.port, database: 'shop', ...mariaAccount },
  })}\n`,
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await terminal.stop().catch(() => undefined);
  await sshd.stop().catch(() => undefined);
  await maria.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
