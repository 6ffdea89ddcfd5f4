// After a big import commits, the WAL holds every page it wrote (60,000 assets: ~60 MB). SQLite's
// automatic checkpoint would copy them into the database file inside the next COMMIT on the event
// loop — ~300 ms during which no request is answered. Instead the connection's automatic checkpoint
// is paused and a worker thread, on its own connection, runs a PASSIVE checkpoint (it copies what no
// reader still needs and blocks neither readers nor the writer); then the automatic one resumes.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { DB } from '../core/db/open.ts';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
} finally {
  db.close();
}`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');
/** Per connection: checkpoints under way and the automatic threshold to give back after the last. */
const paused = new WeakMap<DB, { running: number; threshold: number }>();
/** Per connection: the checkpoints whose worker still has the file open. */
const inFlight = new WeakMap<DB, Set<Promise<void>>>();

/**
 * Resolves once no checkpoint worker of `db` has the file open: closing the server waits for them, so a data
 * folder removed right after close is not written into meanwhile (Node 24's rmSync does not retry ENOTEMPTY).
 */
export async function checkpointsSettled(db: DB): Promise<void> {
  await Promise.all([...(inFlight.get(db) ?? [])]);
}

/** Call just before COMMIT of a big transaction: that commit then checkpoints nothing. */
export function pauseAutoCheckpoint(db: DB): void {
  const state = paused.get(db);
  if (state) state.running += 1;
  else paused.set(db, { running: 1, threshold: db.pragma('wal_autocheckpoint', { simple: true }) as number });
  db.pragma('wal_autocheckpoint = 0');
}

/** Call after that COMMIT (or ROLLBACK): checkpoints in a worker, then resumes automatic checkpoints. */
export function checkpointAside(db: DB, committed: boolean): Promise<void> {
  const resume = () => {
    const state = paused.get(db);
    if (!state || --state.running > 0) return;
    paused.delete(db);
    if (db.open) db.pragma(`wal_autocheckpoint = ${state.threshold}`);
  };
  // An in-memory database has no WAL; a rolled-back import left nothing to copy.
  if (!committed || db.memory || !db.open) {
    resume();
    return Promise.resolve();
  }
  const running = new Promise<void>((resolve) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { driver, file: db.name } });
    // A checkpoint is crash-safe: the process need not wait for it to exit.
    worker.unref();
    // A failed checkpoint loses nothing: the next automatic one (resumed here) copies the pages.
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      resume();
      resolve();
    };
    worker.once('error', done);
    worker.once('exit', done);
  });
  const set = inFlight.get(db) ?? new Set<Promise<void>>();
  inFlight.set(db, set);
  set.add(running);
  void running.then(() => set.delete(running));
  return running;
}
