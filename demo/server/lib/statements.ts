// The older name for a cached statement. Every db.prepare() is cached now (db/statement-cache.ts), which also
// resets the result mode a previous caller chose; this only hands over to it, so both kinds of call site share
// one cache and one rule.
import type { Statement } from 'better-sqlite3';
import type { DB } from '../db/open.ts';

export function stmt(db: DB, sql: string): Statement {
  return db.prepare(sql);
}
