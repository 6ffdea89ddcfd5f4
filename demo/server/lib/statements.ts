// Prepared statements cached per database: per-row serializer queries run thousands of times.
import type { Statement } from 'better-sqlite3';
import type { DB } from '../db/open.ts';

const caches = new WeakMap<DB, Map<string, Statement>>();

export function stmt(db: DB, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}
