// The password of every seeded demo account, and of the seeded auto-login system users (the seed gives it to
// mysql-readonly, for one): BASTION_DEMO_PASSWORD, else `bastion`. Plain JavaScript so that both the server
// (demo/server/main.ts, which seeds with it) and `npm start`'s demo MariaDB (scripts/lib/demo-mariadb.mjs,
// whose `readonly` account must have the password the seed gives mysql-readonly) read it from here.
export const DEFAULT_DEMO_PASSWORD = 'bastion';

/** @param {Record<string, string | undefined>} [env] */
export function demoPassword(env = process.env) {
  return env.BASTION_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
}
