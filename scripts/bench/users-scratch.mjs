// A scratch database with 100,000 extra users, shared by the users-list bench sections and removed
// when the process exits (whatever happened).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

export const BULK_USERS = 100_000;
export const DEMO_PASSWORD = 'bastion';
/** main.ts opens `<DATA_DIR>/bastion.sqlite3`, so the browser section can serve this very file. */
const DB_NAME = 'bastion.sqlite3';

let scratch;

/** Builds the app on a fresh file and seeds it once; later callers get the same directory. */
export async function usersScratch() {
  if (scratch) return scratch;
  const dir = mkdtempSync(join(tmpdir(), 'bastion-bench-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { buildApp } = await tsImport('../../demo/server/app.ts', import.meta.url);
  const { seedBulkUsers } = await tsImport('../../demo/server/bench-seed.ts', import.meta.url);
  const app = await buildApp({ dbFile: join(dir, DB_NAME), demoPassword: DEMO_PASSWORD });
  const started = performance.now();
  seedBulkUsers(app.bastion.db, BULK_USERS);
  scratch = { dir, app, seedMs: performance.now() - started };
  return scratch;
}

export function removeScratch() {
  if (scratch) rmSync(scratch.dir, { recursive: true, force: true });
}

// Kept for the sections that imported them from here.
export { ms, percentile } from './stats.mjs';
