// A scratch database for bench sections: the reference app on a fresh file, seeded once and shared by
// the sections that need it (the server section times app.inject calls on it, then a browser section
// serves the same file from a child server). Removed when the process exits, whatever happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

export const DEMO_PASSWORD = 'bastion';
/** main.ts opens `<DATA_DIR>/bastion.sqlite3`, so a browser section can serve this very file. */
const DB_NAME = 'bastion.sqlite3';

/**
 * `load()` imports what the seed needs (not timed); `seed(app, loaded)` fills the database and may
 * return more fields for the scratch. `get()` resolves to `{ dir, app, seedMs, ...those fields }`.
 */
export function scratchDatabase(prefix, load, seed) {
  let scratch;
  return {
    async get() {
      if (scratch) return scratch;
      const dir = mkdtempSync(join(tmpdir(), prefix));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      const { buildApp } = await tsImport('../../demo/server/app.ts', import.meta.url);
      const loaded = await load((path) => tsImport(path, import.meta.url));
      const app = await buildApp({
        dbFile: join(dir, DB_NAME),
        demoPassword: DEMO_PASSWORD,
        allowedTargets: '127.0.0.0/8',
      });
      const started = performance.now();
      const extra = await seed(app, loaded);
      scratch = { dir, app, ...extra, seedMs: performance.now() - started };
      return scratch;
    },
    remove() {
      if (scratch) rmSync(scratch.dir, { recursive: true, force: true });
      scratch = undefined; // a later get() seeds a new one
    },
  };
}
