// A scratch database with 100,000 assets in 2,000 nodes (demo/server/bench-seed.ts), shared by the
// asset bench sections: the server section times app.inject calls on it, then the browser section
// serves the same file from a child server process. Removed when the process exits, whatever happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

export const DEMO_PASSWORD = 'bastion';
/** main.ts opens `<DATA_DIR>/bastion.sqlite3`, so the browser section can serve this very file. */
const DB_NAME = 'bastion.sqlite3';

let scratch;

/** Builds the app on a fresh file and seeds it once; later callers get the same scratch. */
export async function assetsScratch() {
  if (scratch) return scratch;
  const dir = mkdtempSync(join(tmpdir(), 'bastion-bench-assets-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { buildApp } = await tsImport('../../demo/server/app.ts', import.meta.url);
  const { seedBulkAssets } = await tsImport('../../demo/server/bench-seed.ts', import.meta.url);
  const bench = await tsImport('../../demo/server/assets/bench-assets.ts', import.meta.url);
  const app = await buildApp({ dbFile: join(dir, DB_NAME), demoPassword: DEMO_PASSWORD });
  const started = performance.now();
  const seeded = seedBulkAssets(app.bastion.db, bench.BULK_ASSETS);
  scratch = { dir, app, seeded, bench, seedMs: performance.now() - started };
  return scratch;
}

export function removeAssetsScratch() {
  if (scratch) rmSync(scratch.dir, { recursive: true, force: true });
}
