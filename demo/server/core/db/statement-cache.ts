// Every db.prepare() answers from a cache of prepared statements, keyed by SQL text. Compiling SQL
// per call was the server's largest single cost in a sign-in storm (2.5 s of 17.5 s busy with 150
// door sessions opening at once: request authentication, settings and per-row serializer queries),
// and the ~500 call sites read best as plain db.prepare(sql).get(...).
import type { Statement } from 'better-sqlite3';
import type { DB } from './database.ts';

/**
 * Distinct SQL texts kept: the hot set (authentication, settings, per-row queries) is a few dozen, while list pages
 * write LIMIT and OFFSET into their text and come and go; each kept statement holds SQLite memory outside the JS
 * heap, so the cache stays near the hot set's size.
 */
export const STATEMENT_CACHE_LIMIT = 200;

export function cachePreparedStatements(db: DB, limit = STATEMENT_CACHE_LIMIT): void {
  const prepare = db.prepare.bind(db) as (sql: string) => Statement;
  const cache = new Map<string, Statement>();
  const cached = (sql: string): Statement => {
    const kept = cache.get(sql);
    // A statement still walking an iterate() cannot run again: that caller gets a fresh one.
    if (kept && !kept.busy) {
      // Result modes stay on a statement: what one call site asked for (pluck, raw, expand) must not
      // reach the next caller of the same SQL.
      if (moded.has(kept)) {
        kept.pluck(false).expand(false).raw(false);
        moded.delete(kept);
      }
      cache.delete(sql);
      cache.set(sql, kept);
      return kept;
    }
    const statement = prepare(sql);
    if (!kept) {
      if (statement.reader) noteModes(statement);
      cache.set(sql, statement);
      if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  };
  db.prepare = cached as DB['prepare'];
}

/** Statements a caller switched to pluck, raw or expand: only those are switched back (each switch is a native call). */
const moded = new WeakSet<Statement>();

function noteModes(statement: Statement): void {
  for (const mode of ['pluck', 'raw', 'expand'] as const) {
    const set = statement[mode] as (this: Statement, on?: boolean) => Statement;
    Object.defineProperty(statement, mode, {
      value(this: Statement, on?: boolean) {
        if (on !== false) moded.add(this);
        // The native method takes a boolean or nothing (undefined is refused).
        return on === undefined ? set.call(this) : set.call(this, on);
      },
    });
  }
}
