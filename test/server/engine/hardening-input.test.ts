// Bad input that used to answer 500: each case asserts the answer a client now gets and what the
// database then holds. The fuzz suites (fuzz-*.test.ts) sweep the same ground broadly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsResource } from '../../../demo/server/assets/resources/assets.ts';
import { fixture } from './contract-helpers.ts';
import { deepJson } from './fuzz-corpus.ts';
import { orgId } from '../helpers.ts';

const ASSETS = '/api/v1/assets/assets/';
const NODES = '/api/v1/assets/nodes/';

test('a 500 is logged to stderr with method, path and a request id that the answer carries too', async (t) => {
  const f = await fixture(t, assetsResource);
  f.app.get('/api/v1/test/boom/', () => {
    throw new Error('kaboom');
  });
  const logged: string[] = [];
  t.mock.method(console, 'error', (...args: unknown[]) => {
    logged.push(args.join(' '));
  });
  const response = await f.call('GET', '/api/v1/test/boom/?secret=1');
  assert.equal(response.statusCode, 500);
  const body = response.json();
  assert.equal(body.detail, 'A server error occurred.');
  assert.match(body.request_id, /^[0-9a-f-]{36}$/);
  assert.equal(response.headers['x-request-id'], body.request_id);
  assert.equal(logged.length, 1);
  assert.match(logged[0], new RegExp(`GET /api/v1/test/boom/ request_id=${body.request_id}`));
  assert.match(logged[0], /kaboom/);
  assert.doesNotMatch(logged[0], /secret=1/, 'the query string stays out of the log');
});

test('huge limit/offset are clamped, repeated filters take the last value, 400 label filters and a 40,000-id spm work', async (t) => {
  const f = await fixture(t, assetsResource);
  const [a] = await f.createSamples(assetsResource, 1);
  const id = String(a.got.id);
  const huge = await f.call('GET', `${ASSETS}?limit=99999999999999999999999&offset=99999999999999999999`);
  assert.equal(huge.statusCode, 200);
  assert.deepEqual(huge.json().results, []);
  const clamped = await f.call('GET', `${ASSETS}?limit=99999999999999999999999`);
  assert.ok(clamped.json().results.some((row: { id: string }) => row.id === id));
  assert.match(clamped.json().next ?? 'limit=10000', /limit=10000/);
  const repeated = await f.call('GET', `${ASSETS}?hostname=nope&hostname=${a.got.hostname}`);
  assert.deepEqual(
    repeated.json().map((row: { id: string }) => row.id),
    [id],
  );
  const labels = Array.from({ length: 400 }, (_, i) => `label=k${i}:v${i}`).join('&');
  assert.deepEqual((await f.call('GET', `${ASSETS}?${labels}`)).json(), []);
  const ids = [...Array.from({ length: 40_000 }, (_, i) => `x${i}`), id];
  const cached = await f.call('POST', '/api/v1/common/resources/cache/', { resources: ids });
  assert.equal(cached.statusCode, 200, cached.body);
  const { spm } = cached.json();
  const listed = await f.call('GET', `${ASSETS}?spm=${spm}&limit=5`);
  assert.equal(listed.statusCode, 200);
  assert.deepEqual([listed.json().count, listed.json().results[0].id], [1, id]);
});

test('search refuses NUL, more than 32 words and more than 1000 characters with a field error', async (t) => {
  const f = await fixture(t, assetsResource);
  const nul = await f.call('GET', `${ASSETS}?search=a%00b`);
  assert.deepEqual([nul.statusCode, nul.json()], [400, { search: ['Null characters are not allowed.'] }]);
  const words = Array.from({ length: 33 }, (_, i) => `w${i}`).join('%20');
  const many = await f.call('GET', `${ASSETS}?search=${words}`);
  assert.deepEqual([many.statusCode, many.json()], [400, { search: ['Ensure this field has no more than 32 words.'] }]);
  const zh = await f.call('GET', `${ASSETS}?search=${words}`, undefined, { headers: { 'accept-language': 'zh' } });
  assert.deepEqual(zh.json(), { search: ['请确保这个字段不超过 32 个词。'] });
  const long = await f.call('GET', `${ASSETS}?search=${'x'.repeat(1001)}`);
  assert.equal(long.statusCode, 400);
  assert.equal(
    (await f.call('GET', `${ASSETS}?search=${Array.from({ length: 32 }, (_, i) => `w${i}`).join('%20')}`)).statusCode,
    200,
  );
});

test('bodies: null, too deep, ports outside 1–65535 and a non-IP ip are 400 and write nothing', async (t) => {
  const f = await fixture(t, assetsResource);
  const count = () => f.app.bastion.db.prepare('SELECT COUNT(*) FROM assets').pluck().get();
  const before = count();
  const json = { 'content-type': 'application/json' };
  const nullBody = await f.call('POST', ASSETS, 'null', { headers: json });
  assert.deepEqual(
    [nullBody.statusCode, nullBody.json()],
    [400, { non_field_errors: ['Invalid data. Expected a dictionary.'] }],
  );
  const deep = await f.call('POST', ASSETS, deepJson(100), { headers: json });
  assert.deepEqual([deep.statusCode, deep.json()], [400, { detail: 'JSON nested too deeply (at most 32 levels).' }]);
  const body = f.samples().create[0];
  for (const protocols of [['ssh/0'], ['ssh/65536'], ['ssh/99999']]) {
    const response = await f.call('POST', ASSETS, { ...body, protocols });
    assert.equal(response.statusCode, 400, `${protocols}`);
    assert.ok(response.json().protocols, `${protocols}: ${response.body}`);
  }
  const legacy = await f.call('POST', ASSETS, { ...body, protocols: undefined, protocol: 'ssh', port: 70000 });
  assert.deepEqual(legacy.json().port, ['Ensure this value is less than or equal to 65535.']);
  const ip = await f.call('POST', ASSETS, { ...body, ip: 'not-an-ip' });
  assert.deepEqual([ip.statusCode, ip.json().ip], [400, ['Enter a valid IPv4 or IPv6 address.']]);
  assert.equal(count(), before);
  assert.equal((await f.call('POST', ASSETS, { ...body, protocols: ['ssh/65535'] })).statusCode, 201);
});

test('a node child with a taken or malformed id is 400, the same whichever org holds the id', async (t) => {
  const f = await fixture(t, assetsResource);
  const mine = (await f.call('POST', `${NODES}children/`, { value: 'Mine' })).json();
  const theirs = (
    await f.call('POST', `${NODES}children/`, { value: 'Theirs' }, { org: orgId(f.app, 'Operations') })
  ).json();
  const count = () => f.app.bastion.db.prepare('SELECT COUNT(*) FROM nodes').pluck().get();
  const before = count();
  const same = await f.call('POST', `${NODES}children/`, { value: 'Again', id: mine.id });
  const other = await f.call('POST', `${NODES}children/`, { value: 'Again', id: theirs.id });
  assert.deepEqual([same.statusCode, same.json()], [400, { id: ['This field must be unique.'] }]);
  assert.deepEqual([other.statusCode, other.json()], [same.statusCode, same.json()]);
  const malformed = await f.call('POST', `${NODES}${mine.id}/children/`, { id: 'not-a-uuid' });
  assert.deepEqual([malformed.statusCode, malformed.json()], [400, { id: ['Must be a valid UUID.'] }]);
  assert.equal(count(), before);
  const chosen = '6a1b7d3e-0000-4000-8000-000000000001';
  const made = await f.call('POST', `${NODES}${mine.id}/children/`, { id: chosen, value: 'Chosen' });
  assert.deepEqual([made.statusCode, made.json().id], [201, chosen]);
});

test('1,000 label filters, 40,000 ips and bodies listing 40,000 related ids answer without a 5xx', async (t) => {
  const f = await fixture(t, assetsResource);
  // One SQL term per label hit SQLite's expression depth (1000), one `?` per ip or id its 32,766 variables.
  const labels = Array.from({ length: 1_000 }, (_, i) => `label=k${i}:v${i}`).join('&');
  const manyLabels = await f.call('GET', `${ASSETS}?${labels}`);
  assert.deepEqual([manyLabels.statusCode, manyLabels.json()], [200, []]);
  const prod = await f.call(
    'GET',
    `${ASSETS}?${Array.from({ length: 1_000 }, () => 'label=env:prod').join('&')}&label=team:data&limit=1`,
  );
  assert.deepEqual([prod.statusCode, prod.json().count], [200, 4], 'repeats of one pair count once');
  const ips = Array.from({ length: 40_000 }, (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`).join(',');
  const ip = f.app.bastion.db
    .prepare('SELECT ip FROM assets WHERE org_id = ? ORDER BY hostname LIMIT 1')
    .pluck()
    .get(f.eng) as string;
  const manyIps = await f.call('GET', `${ASSETS}?ips=${ips},${ip}&limit=1`);
  assert.equal(manyIps.statusCode, 200, manyIps.body);
  assert.equal(manyIps.json().results[0].ip, ip);
  const ids = Array.from({ length: 40_000 }, (_, i) => String(i));
  for (const [url, body] of [
    ['/api/v1/assets/domains/', { name: 'many', assets: ids }],
    ['/api/v1/assets/system-users/', { name: 'many', login_mode: 'manual', cmd_filters: ids }],
    ['/api/v1/perms/asset-permissions/', { name: 'many', users: ids }],
    ['/api/v1/perms/database-app-permissions/', { name: 'many', system_users: ids }],
  ] as const) {
    const response = await f.call('POST', url, body);
    assert.equal(response.statusCode, 400, `${url}: ${response.body.slice(0, 200)}`);
    assert.equal(Object.values(response.json() as Record<string, string[]>)[0].length, 40_000, url);
  }
});
