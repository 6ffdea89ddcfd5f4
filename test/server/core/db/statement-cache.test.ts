import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { DB } from '../../../../demo/server/core/db/open.ts';
import { cachePreparedStatements } from '../../../../demo/server/core/db/statement-cache.ts';

function world(limit?: number): DB {
  const db = new Database(':memory:');
  cachePreparedStatements(db, limit);
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
  return db;
}

test('the same SQL gets the same prepared statement', () => {
  const db = world();
  assert.equal(db.prepare('SELECT name FROM t WHERE id = ?'), db.prepare('SELECT name FROM t WHERE id = ?'));
});

test("one call site's pluck, raw or expand does not reach the next caller of the same SQL", () => {
  const db = world();
  const sql = 'SELECT id, name FROM t WHERE id = ?';
  assert.equal(db.prepare(sql).pluck().get(1), 1);
  assert.deepEqual(db.prepare(sql).get(1), { id: 1, name: 'a' });
  assert.deepEqual(db.prepare(sql).raw().get(2), [2, 'b']);
  assert.deepEqual(db.prepare(sql).get(2), { id: 2, name: 'b' });
  assert.deepEqual(db.prepare(sql).expand().get(3), { t: { id: 3, name: 'c' } });
  assert.deepEqual(db.prepare(sql).get(3), { id: 3, name: 'c' });
  db.prepare('INSERT INTO t (name) VALUES (?)').run('d');
  assert.equal(db.prepare('SELECT COUNT(*) FROM t').pluck().get(), 4);
});

test('a statement still iterating is not handed out again: the nested query gets its own', () => {
  const db = world();
  const sql = 'SELECT id FROM t ORDER BY id';
  const pairs: string[] = [];
  for (const outer of db.prepare(sql).iterate() as IterableIterator<{ id: number }>) {
    const inner = db.prepare(sql).all() as { id: number }[];
    pairs.push(`${outer.id}:${inner.length}`);
  }
  assert.deepEqual(pairs, ['1:3', '2:3', '3:3']);
});

test('the cache keeps at most its limit of SQL texts, the least recently used leaving first', () => {
  const db = world(2);
  const first = db.prepare('SELECT 1');
  const second = db.prepare('SELECT 2');
  assert.equal(db.prepare('SELECT 1'), first, 'used again: now the most recent');
  const third = db.prepare('SELECT 3');
  assert.equal(db.prepare('SELECT 1'), first, 'kept: SELECT 2 left instead');
  assert.notEqual(db.prepare('SELECT 2'), second, 'SELECT 2 was prepared again');
  assert.notEqual(db.prepare('SELECT 3'), third, 'SELECT 3 left when SELECT 2 came back');
});

test('SQL that does not compile throws each time and is not kept', () => {
  const db = world();
  assert.throws(() => db.prepare('SELEC nothing'), /syntax error/);
  assert.throws(() => db.prepare('SELEC nothing'), /syntax error/);
});
