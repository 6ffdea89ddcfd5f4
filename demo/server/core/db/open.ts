import Database from 'better-sqlite3';
import { openVault, type SecretKeyOptions } from '../secrets/secret-key.ts';
import { attachVault } from '../secrets/vault.ts';
import { prepareDatabaseFile } from './data-files.ts';
import type { DB } from './database.ts';
import { migrations } from './migrations.ts';
import { cachePreparedStatements } from './statement-cache.ts';

export type { DB };

/**
 * Opens the file (created 0600) in WAL mode with its secret key (a wrong or missing key for sealed
 * credentials stops here, before anything is written), then applies every migration not yet recorded.
 */
export function openDatabase(file: string, key: SecretKeyOptions): DB {
  assertSupportedNode(process.versions.node);
  prepareDatabaseFile(file);
  const db = new Database(file);
  cachePreparedStatements(db);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    attachVault(db, openVault(db, key));
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  // SQLite's advice for long-lived connections: 0x10002 also analyses tables that never had
  // statistics (a fresh or just-migrated file), with an analysis limit so it stays fast at start.
  db.pragma('optimize = 0x10002');
  return db;
}

/**
 * better-sqlite3 13 needs Node 22 or later: on Node 20 it loads, then crashes the process (segfault) at the first
 * query. Refused here with the way out instead: the project's Node is node_modules/.bin/node (`npx node`, `npm start`).
 */
export function assertSupportedNode(version: string): void {
  if (Number(version.split('.')[0]) >= 22) return;
  throw new Error(
    `Node ${version} is not supported (better-sqlite3 13 needs 22 or later): run the project's Node, ` +
      'node_modules/.bin/node (`npm start`, `npm test`, `npx node --import tsx …`), which `npm install` brings',
  );
}

/** Refreshes the planner statistics the session's queries asked for (SQLite's advice), then closes. */
export function closeDatabase(db: DB): void {
  if (!db.open) return;
  db.pragma('optimize');
  db.close();
}

function migrate(db: DB): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(db.prepare('SELECT id FROM migrations').pluck().all() as number[]);
  let rewrote = false;
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    // A migration that rewrites values in code replaces secrets (clear text by its sealed form, a token
    // by its hash): SQLite would leave the old bytes in the page's free space, readable in the file.
    // secure_delete zeroes them as they are replaced.
    if (migration.run) db.pragma('secure_delete = ON');
    db.transaction(() => {
      db.exec(migration.sql);
      migration.run?.(db);
      db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
        migration.id,
        migration.name,
        new Date().toISOString(),
      );
    })();
    if (migration.run) {
      db.pragma('secure_delete = OFF');
      rewrote = true;
    }
  }
  // The old pages stay in the database file until a checkpoint copies the rewritten ones over them.
  if (rewrote) db.pragma('wal_checkpoint(TRUNCATE)');
}
