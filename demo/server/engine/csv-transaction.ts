// The one transaction a CSV import writes in (all or nothing), held across many turns of the event
// loop, made so that neither its rows nor its end hold the loop for long:
//   • the full-text index of the table gets fresh planner statistics first: FTS5 merges its segments
//     as rows come in and deletes the old ones by rowid range; with the row count SQLite recorded
//     when the index was new (2) it scans the whole index for each such delete instead — ~120 ms
//     every 16 users at 100,000 users, and ~8 ms a row in all;
//   • the page cache is kept small meanwhile, so dirty pages go to the WAL as rows are written rather
//     than all at once inside COMMIT;
//   • COMMIT checkpoints nothing: a worker thread copies the WAL into the database file afterwards
//     (csv-checkpoint.ts).
import type { DB } from '../core/db/open.ts';
import { checkpointAside, pauseAutoCheckpoint } from './csv-checkpoint.ts';
import type { ResourceDef } from './types.ts';

/** Page cache while an import writes (KiB, as `PRAGMA cache_size = -N`). */
const IMPORT_CACHE_KIB = 2048;

export interface ImportTransaction {
  commit(): void;
  rollback(): void;
}

export function beginImport(db: DB, def: ResourceDef): ImportTransaction {
  if (def.ftsTable) db.exec(`ANALYZE "${def.ftsTable}_data"; ANALYZE "${def.ftsTable}_idx"`);
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
  const restore = () => db.pragma(`cache_size = ${cacheSize}`);
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    restore();
    throw error;
  }
  return {
    commit() {
      pauseAutoCheckpoint(db);
      let committed = false;
      try {
        db.exec('COMMIT');
        committed = true;
      } finally {
        restore();
        void checkpointAside(db, committed);
      }
    },
    rollback() {
      if (db.inTransaction) db.exec('ROLLBACK');
      restore();
    },
  };
}
