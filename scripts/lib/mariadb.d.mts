// Types of mariadb.mjs for the server tests that start a private MariaDB (test/server/support/mariadb.ts).
export const MARIADBD: string;
export const INSTALL_DB: string;
export const MARIADB: string;
export const ADMIN_USER: string;
export function sqlString(value: string): string;
export interface MariaDb {
  host: string; port: number; socket: string; pidFile: string; errorLog: string;
  /** Runs SQL as the admin over the socket with the `mariadb` client in batch mode; resolves to its stdout. */
  sql(statement: string): Promise<string>;
  /** A real account on each host (127.0.0.1 and localhost unless told) with this password and these grants. */
  createAccount(user: string, password: string, grants?: string, hosts?: string[]): Promise<void>;
  /** SIGTERM, waits for the exit; a throwaway server's folder is removed. */
  stop(): Promise<void>;
}
export function installDatadir(datadir: string): Promise<void>;
/** Where the pristine datadir copied by freshDatadir is kept (in the temporary folder). */
export function templatePath(): string;
/** A new datadir, copied from the kept pristine one (`template`: templatePath() unless told; built with installDatadir when missing or damaged). */
export function freshDatadir(datadir: string, template?: string): Promise<void>;
export function startMariaDbServer(options: {
  datadir: string; socket: string; pidFile: string; errorLog: string; host?: string; port: number;
  removeOnStop?: string; timeoutMs?: number; detached?: boolean;
}): Promise<MariaDb>;
export function startMariaDb(options?: { host?: string; timeoutMs?: number }): Promise<MariaDb>;
