import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build } from '../helpers.ts';

const KEYS = '/api/v1/authentication/access-keys/';

async function createKey(app: Awaited<ReturnType<typeof build>>, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: KEYS,
    headers,
    payload: { id: 'mine', secret: 'chosen', is_active: false },
  });
  assert.equal(response.statusCode, 201);
  return response.json();
}

test('POST makes a fresh active key whatever the body says', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  const key = await createKey(app, headers);
  assert.match(key.id, /^[0-9a-f-]{36}$/);
  assert.match(key.secret, /^[0-9a-f-]{36}$/);
  assert.notEqual(key.id, 'mine');
  assert.equal(key.is_active, true);
  assert.equal(key.date_created, '2024-01-15 16:30:00 +0800');
  const odd = await app.inject({ method: 'POST', url: KEYS, headers, payload: { is_active: 'maybe' } });
  assert.equal(odd.statusCode, 201, 'even an invalid body is ignored');
});

test('a user sees, toggles and deletes only their own keys; others get 404', async (t) => {
  const app = await build(t);
  const alice = await bearer(app, 'user');
  const bob = await bearer(app, 'liwei');
  const aliceKey = await createKey(app, alice);
  const bobKey = await createKey(app, bob);
  const aliceList = (await app.inject({ method: 'GET', url: KEYS, headers: alice })).json();
  assert.deepEqual(
    aliceList.map((k: { id: string }) => k.id),
    [aliceKey.id],
  );
  const admin = await bearer(app, 'admin');
  assert.deepEqual(
    (await app.inject({ method: 'GET', url: KEYS, headers: admin })).json(),
    [],
    'not even the superuser sees them',
  );

  for (const call of [
    { method: 'GET' as const },
    { method: 'PATCH' as const, payload: { is_active: false } },
    { method: 'DELETE' as const },
  ]) {
    const response = await app.inject({ ...call, url: `${KEYS}${bobKey.id}/`, headers: alice });
    assert.equal(response.statusCode, 404, call.method);
  }
  assert.equal(app.bastion.db.prepare('SELECT is_active FROM access_keys WHERE id = ?').pluck().get(bobKey.id), 1);

  const off = await app.inject({
    method: 'PATCH',
    url: `${KEYS}${aliceKey.id}/`,
    headers: alice,
    payload: { is_active: false },
  });
  assert.equal(off.statusCode, 200);
  assert.equal(off.json().is_active, false);
  assert.equal(off.json().secret, aliceKey.secret, 'only is_active is writable');
  const bad = await app.inject({
    method: 'PATCH',
    url: `${KEYS}${aliceKey.id}/`,
    headers: { ...alice, 'accept-language': 'en' },
    payload: { is_active: 'maybe' },
  });
  assert.deepEqual(bad.json(), { is_active: ['Must be a valid boolean.'] });
  const deleted = await app.inject({ method: 'DELETE', url: `${KEYS}${aliceKey.id}/`, headers: alice });
  assert.equal(deleted.statusCode, 204);
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM access_keys').pluck().get(), 1);
});

test('search is a prefix match on id or secret; paging and order work', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  const first = await createKey(app, headers);
  app.clock.advance(1000);
  const second = await createKey(app, headers);
  const byId = (await app.inject({ method: 'GET', url: `${KEYS}?search=${first.id.slice(0, 8)}`, headers })).json();
  assert.deepEqual(
    byId.map((k: { id: string }) => k.id),
    [first.id],
  );
  const bySecret = (
    await app.inject({ method: 'GET', url: `${KEYS}?search=${second.secret.slice(0, 6)}`, headers })
  ).json();
  assert.deepEqual(
    bySecret.map((k: { id: string }) => k.id),
    [second.id],
  );
  const infix = (await app.inject({ method: 'GET', url: `${KEYS}?search=${first.id.slice(9, 13)}`, headers })).json();
  assert.deepEqual(infix, [], 'not a contains match');
  const newestFirst = (await app.inject({ method: 'GET', url: `${KEYS}?limit=1`, headers })).json();
  assert.equal(newestFirst.count, 2);
  assert.equal(newestFirst.results[0].id, second.id);
  const oldestFirst = (await app.inject({ method: 'GET', url: `${KEYS}?limit=1&order=date_created`, headers })).json();
  assert.equal(oldestFirst.results[0].id, first.id);
});

test('OPTIONS lists is_active as the one writable field; anonymous callers get 401', async (t) => {
  const app = await build(t);
  const response = await app.inject({
    method: 'OPTIONS',
    url: KEYS,
    headers: { ...(await bearer(app, 'user')), 'accept-language': 'en' },
  });
  const post = response.json().actions.POST;
  assert.deepEqual(Object.keys(post), ['id', 'secret', 'is_active', 'date_created']);
  assert.deepEqual(
    Object.entries(post)
      .filter(([, f]) => !(f as { read_only: boolean }).read_only)
      .map(([n]) => n),
    ['is_active'],
  );
  assert.equal(post.is_active.label, 'Active');
  assert.equal((await app.inject({ method: 'OPTIONS', url: KEYS })).statusCode, 401);
});

test('access keys are not a bulk resource: an array POST makes exactly one key; there is no list DELETE', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  const before = app.bastion.db.prepare('SELECT COUNT(*) FROM access_keys').pluck().get();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/access-keys/',
    headers,
    payload: [{}, {}],
  });
  assert.equal(response.statusCode, 201, 'the body is ignored: one key, as for any POST');
  assert.equal(typeof response.json().id, 'string');
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM access_keys').pluck().get(), Number(before) + 1);
  const list = await app.inject({ method: 'DELETE', url: '/api/v1/authentication/access-keys/', headers });
  assert.equal(list.statusCode, 405, 'no list DELETE (405, as DRF answers a method the view lacks)');
});
