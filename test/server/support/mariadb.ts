// A private MariaDB server for a test (scripts/lib/mariadb.mjs): a throwaway datadir (a copy of
// mariadb-install-db's), mariadbd on a free port of 127.0.0.1 with its own socket, pid file and error log;
// sql() runs statements as the admin over the socket, createAccount() makes real accounts, and
// connectAs() speaks to it over TCP as one of them with the real `mariadb` client.
import { spawn } from 'node:child_process';
import { after } from 'node:test';
import { MARIADB, startMariaDb, type MariaDb } from '../../../scripts/lib/mariadb.mjs';

export { ADMIN_USER, MARIADB, MARIADBD, sqlString, startMariaDb, type MariaDb } from '../../../scripts/lib/mariadb.mjs';

/** Starts a server for the calling test file; call once at the top level (it registers the stop). */
export async function useMariaDb(options?: { timeoutMs?: number }): Promise<MariaDb> {
  const server = await startMariaDb(options);
  after(() => server.stop());
  return server;
}

export interface ClientResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `mariadb -h host -P port -u user -p<password> [database] --batch` over TCP with `statements` on stdin:
 * a client as a person would run it (no option file read, so nothing but these arguments applies).
 */
export function connectAs(
  server: Pick<MariaDb, 'host' | 'port'>,
  user: string,
  password: string,
  statements: string,
  database?: string,
): Promise<ClientResult> {
  const args = [
    '--no-defaults',
    '--protocol=TCP',
    '-h',
    server.host,
    '-P',
    String(server.port),
    '-u',
    user,
    `-p${password}`,
    '--batch',
    ...(database ? [database] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(MARIADB, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(statements);
  });
}
