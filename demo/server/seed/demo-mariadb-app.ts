// The seeded database app orders-mysql follows the demo MariaDB (MARIADB_DEMO_HOST / MARIADB_DEMO_PORT,
// seed/demo-mariadb-address.mjs) on every start, not only in a new database: `npm start` moved its MariaDB
// to another port while the app kept pointing at 3306. It follows only while nobody has changed it (still
// the System's, never updated through the API): an app an admin edited is theirs.
import type { DB } from '../core/db/open.ts';
import { followSeededDatabaseApp } from '../applications/app-store.ts';

export const DEMO_DATABASE_APP = 'orders-mysql';

export interface DemoMariaDb {
  host: string;
  port: number;
}

/** Points the untouched seeded app at `address`; answers how many apps followed. */
export function followDemoMariaDb(db: DB, address: DemoMariaDb): number {
  return followSeededDatabaseApp(db, DEMO_DATABASE_APP, address.host, address.port);
}
