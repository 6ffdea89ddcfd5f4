// A big CSV import must not hold the event loop: other requests are answered while it runs, its
// answer is bounded, and it is still all or nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CSV_ECHO_ROWS, CSV_ERROR_ROWS } from '../../../demo/server/engine/csv-import.ts';
import { writeGateOf } from '../../../demo/server/engine/write-gate.ts';
import { bearer, build } from '../helpers.ts';

const GROUPS = '/api/v1/users/groups/';
const ROWS = 20_000;
const csvOf = (names: string[]) => `name,comment\n${names.map((n) => `${n},imported`).join('\n')}\n`;

test('requests made during a big import are answered before it ends', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const names = Array.from({ length: ROWS }, (_, i) => `bulk-${i}`);
  let importDone = 0;
  const importing = app
    .inject({ method: 'POST', url: GROUPS, headers: { ...headers, 'content-type': 'text/csv' }, payload: csvOf(names) })
    .then((response) => {
      importDone = performance.now();
      return response;
    });
  // Reads issued while the import runs come back while it is still running.
  const answeredAt: number[] = [];
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (let i = 0; i < 5; i += 1) {
    const list = await app.inject({ method: 'GET', url: '/api/v1/users/users/?limit=5&offset=0', headers });
    assert.equal(list.statusCode, 200);
    answeredAt.push(performance.now());
  }
  const imported = await importing;
  assert.equal(imported.statusCode, 201, imported.body.slice(0, 300));
  assert.ok(
    answeredAt.every((at) => at < importDone),
    'every list was answered before the import finished',
  );
  // Bounded answer: at most CSV_ECHO_ROWS objects, with the total.
  const body = imported.json();
  assert.equal(body.count, ROWS);
  assert.equal(body.results.length, CSV_ECHO_ROWS);
  assert.equal(body.results[0].name, 'bulk-0');
  assert.equal(app.bastion.db.prepare("SELECT COUNT(*) FROM user_groups WHERE name LIKE 'bulk-%'").pluck().get(), ROWS);
});

test('a write sent during an import is not lost', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const importing = app.inject({
    method: 'POST',
    url: GROUPS,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csvOf(Array.from({ length: ROWS }, (_, i) => `w-${i}`)),
  });
  const writes: Promise<{ statusCode: number }>[] = [];
  for (let i = 0; i < 10; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    writes.push(app.inject({ method: 'POST', url: GROUPS, headers, payload: { name: `during-${i}` } }));
  }
  assert.equal((await importing).statusCode, 201);
  assert.deepEqual(
    (await Promise.all(writes)).map((r) => r.statusCode),
    Array(10).fill(201),
  );
  const db = app.bastion.db;
  assert.equal(db.prepare("SELECT COUNT(*) FROM user_groups WHERE name LIKE 'during-%'").pluck().get(), 10);
  assert.equal(db.prepare("SELECT COUNT(*) FROM user_groups WHERE name LIKE 'w-%'").pluck().get(), ROWS);
});

test('while an import writes, other writes (any route) wait at the gate and reads go on', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const release = await writeGateOf(app).acquire();
  const answered: string[] = [];
  const track = (name: string, p: Promise<{ statusCode: number }>) =>
    p.then((r) => {
      answered.push(name);
      return r;
    });
  // The profile route is registered before the engine's: the gate still applies to it.
  const profile = track(
    'profile',
    app.inject({ method: 'PATCH', url: '/api/v1/users/profile/', headers, payload: { comment: 'later' } }),
  );
  const group = track('group', app.inject({ method: 'POST', url: GROUPS, headers, payload: { name: 'later' } }));
  const list = await track('list', app.inject({ method: 'GET', url: GROUPS, headers }));
  assert.equal(list.statusCode, 200);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(answered, ['list'], 'the writes are still waiting');
  release();
  assert.deepEqual([(await profile).statusCode, (await group).statusCode], [200, 201]);
});

test('a failing import writes nothing and reports the first bad rows, aligned, with the total', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'content-type': 'text/csv', 'accept-language': 'en' };
  // Every third row repeats an earlier name: thousands of bad rows.
  const names = Array.from({ length: 9_000 }, (_, i) => (i % 3 === 2 ? `dup-${i - 1}` : `dup-${i}`));
  const failed = await app.inject({ method: 'POST', url: GROUPS, headers, payload: csvOf(names) });
  assert.equal(failed.statusCode, 400);
  const body = failed.json();
  assert.equal(body.count, 3_000);
  assert.equal(body.results.filter((row: object) => Object.keys(row).length).length, CSV_ERROR_ROWS);
  assert.deepEqual(
    body.results.slice(0, 3),
    [{}, {}, { name: ['This field must be unique.'] }],
    'aligned with the rows',
  );
  assert.ok(failed.body.length < 20_000, `answer of ${failed.body.length} bytes`);
  assert.equal(app.bastion.db.prepare("SELECT COUNT(*) FROM user_groups WHERE name LIKE 'dup-%'").pluck().get(), 0);

  // A small file keeps 2.3's shape: one element per row.
  const small = await app.inject({ method: 'POST', url: GROUPS, headers, payload: 'name\nok-1\n\nok-1\n' });
  assert.equal(small.statusCode, 400);
  assert.deepEqual(small.json(), [{}, { name: ['This field must be unique.'] }]);
});
