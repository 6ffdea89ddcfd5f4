// Where `npm start`'s demo MariaDB listens, and so where the seeded database app orders-mysql points:
// MARIADB_DEMO_HOST (127.10.3.21) and MARIADB_DEMO_PORT (3306), or null when MARIADB_DEMO_PORT=off. Plain
// JavaScript so that both the server (demo/server/main.ts: the seed and seed/demo-mariadb-app.ts) and the
// launcher's MariaDB (scripts/lib/demo-mariadb.mjs) read it from here: the app reaches the server wherever
// the variables put it.
export const DEMO_MARIADB_HOST = '127.10.3.21';
export const DEMO_MARIADB_PORT = 3306;

/** @param {Record<string, string | undefined>} [env] */
export function demoMariaDbAddress(env = process.env) {
  if (env.MARIADB_DEMO_PORT === 'off') return null;
  const port = Number(env.MARIADB_DEMO_PORT || DEMO_MARIADB_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`MARIADB_DEMO_PORT must be a port (1-65535) or off, not "${env.MARIADB_DEMO_PORT}"`);
  return { host: env.MARIADB_DEMO_HOST || DEMO_MARIADB_HOST, port };
}
