import Database from 'better-sqlite3';
import { migrations } from './migrations.ts';

export type DB = Database.Database;

/** Opens the file in WAL mode and applies every migration not yet recorded in `migrations`. */
export function openDatabase(file: string): DB {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // SQLite's advice for long-lived connections: 0x10002 also analyses tables that never had
  // statistics (a fresh or just-migrated file), with an analysis limit so it stays fast at start.
  db.pragma('optimize = 0x10002');
  return db;
}

/** Refreshes the planner statistics the session's queries asked for (SQLite's advice), then closes. */
export function closeDatabase(db: DB): void {
  if (!db.open) return;
  db.pragma('optimize');
  db.close();
}

function migrate(db: DB): void {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM migrations').pluck().all() as number[]);
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)')
        .run(migration.id, migration.name, new Date().toISOString());
    })();
  }
}
