import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId } from '../helpers.ts';

test('spm caches ids for 300 s: lists are restricted to them, then the filter is dropped', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const eng = orgId(app, 'Engineering');
  const cached = await app.inject({
    method: 'POST',
    url: '/api/v1/common/resources/cache/',
    headers,
    payload: { resources: [eng] },
  });
  assert.equal(cached.statusCode, 200);
  const { spm } = cached.json();
  assert.match(spm, /^[0-9a-f-]{36}$/);
  const names = async () =>
    (await app.inject({ method: 'GET', url: `/api/v1/orgs/orgs/?spm=${spm}`, headers }))
      .json()
      .map((o: { name: string }) => o.name);
  assert.deepEqual(await names(), ['Engineering']);
  app.clock.advance(299 * 1000);
  assert.deepEqual(await names(), ['Engineering']);
  app.clock.advance(2 * 1000);
  assert.deepEqual(await names(), ['Engineering', 'Operations'], 'expired spm is ignored');
  const unknown = await app.inject({
    method: 'GET',
    url: '/api/v1/orgs/orgs/?spm=00000000-0000-4000-8000-000000000000',
    headers,
  });
  assert.equal(unknown.json().length, 2);
});

test('ids= restricts a list too; the cache endpoint needs a login and caches any value', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const ops = orgId(app, 'Operations');
  const list = (await app.inject({ method: 'GET', url: `/api/v1/orgs/orgs/?ids=${ops},nope`, headers })).json();
  assert.deepEqual(
    list.map((o: { id: string }) => o.id),
    [ops],
  );
  const anonymous = await app.inject({
    method: 'POST',
    url: '/api/v1/common/resources/cache/',
    payload: { resources: [ops] },
  });
  assert.equal(anonymous.statusCode, 401);
  // 2.3 caches whatever it is given; only a list narrows a list (lina-2-3-requests.test.ts).
  const single = await app.inject({
    method: 'POST',
    url: '/api/v1/common/resources/cache/',
    headers,
    payload: { resources: 'x' },
  });
  assert.equal(single.statusCode, 200);
  assert.equal(
    (await app.inject({ method: 'GET', url: `/api/v1/orgs/orgs/?spm=${single.json().spm}`, headers })).json().length,
    2,
  );
});
