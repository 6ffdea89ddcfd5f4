// A scratch database with 100,000 extra users, shared by the users-list bench sections.
import { scratchDatabase } from './scratch.mjs';

export { DEMO_PASSWORD } from './scratch.mjs';
export const BULK_USERS = 100_000;

const users = scratchDatabase(
  'bastion-bench-',
  (load) => load('./server/bulk-seed.ts'),
  (app, { seedBulkUsers }) => {
    seedBulkUsers(app.bastion.db, BULK_USERS);
  },
);

/** Builds the app on a fresh file and seeds it once; later callers get the same directory. */
export const usersScratch = users.get;
export const removeScratch = users.remove;
