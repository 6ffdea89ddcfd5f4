// /api/v1/assets/gathered-users/ (§2.3) over the seeded orgs: 2.3's read-only fields, its filters
// (asset, asset_id, username, present, asset__ip, asset__hostname, node with all / show_current_asset),
// search, org scoping, DELETE, and IsOrgAdmin.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const URL = '/api/v1/assets/gathered-users/';
type Row = Record<string, unknown>;

test("seeded rows for the seeded Linux assets of every org, with 2.3's fields", async (t) => {
  const { get, db, eng, ops } = await assetsApp(t);
  const rows = (await get(URL)) as Row[];
  const expected = db.prepare('SELECT COUNT(*) FROM gathered_users WHERE org_id = ?').pluck().get(eng) as number;
  assert.ok(expected >= 30, `seeded rows (${expected})`);
  assert.equal(rows.length, expected);
  assert.deepEqual(
    Object.keys(rows[0]).sort(),
    [
      'asset',
      'date_created',
      'date_last_login',
      'date_updated',
      'hostname',
      'id',
      'ip',
      'ip_last_login',
      'org_id',
      'org_name',
      'present',
      'username',
    ].sort(),
  );
  assert.equal(typeof rows[0].present, 'boolean');
  const windows = db
    .prepare(
      `SELECT COUNT(*) FROM gathered_users g JOIN assets a ON a.id = g.asset_id JOIN platforms p ON p.name = a.platform
    WHERE p.base = 'Windows'`,
    )
    .pluck()
    .get();
  assert.equal(windows, 0, 'no Linux accounts on Windows hosts');
  assert.ok(
    rows.some((r) => r.present === false),
    'some accounts are gone since',
  );
  const inOps = (await get(URL, { org: ops })) as Row[];
  assert.ok(inOps.length > 0 && inOps.every((r) => !rows.some((e) => e.id === r.id)), 'each org sees its own');
});

test('filters and search', async (t) => {
  const { get, assetId, nodeId } = await assetsApp(t);
  const asset = assetId('bj-db-01');
  const ofAsset = (await get(`${URL}?asset=${asset}`)) as Row[];
  assert.ok(ofAsset.length >= 2 && ofAsset.every((r) => r.asset === asset && r.hostname === 'bj-db-01'));
  assert.deepEqual((await get(`${URL}?asset_id=${asset}`)).length, ofAsset.length);
  assert.equal((await get(`${URL}?asset__hostname=bj-db-01`)).length, ofAsset.length);
  assert.equal((await get(`${URL}?asset__ip=${ofAsset[0].ip}`)).length, ofAsset.length);
  const roots = (await get(`${URL}?username=root`)) as Row[];
  assert.ok(roots.length > 0 && roots.every((r) => r.username === 'root'));
  const gone = (await get(`${URL}?present=0`)) as Row[];
  assert.ok(gone.length > 0 && gone.every((r) => r.present === false));
  assert.ok(((await get(`${URL}?search=tempcon`)) as Row[]).every((r) => r.username === 'tempcontractor'));
  assert.ok(((await get(`${URL}?search=bj-db-01`)) as Row[]).every((r) => r.hostname === 'bj-db-01'));

  const web = nodeId('Web');
  const hostsOn = async (query: string) =>
    new Set(((await get(`${URL}?node_id=${web}&${query}`)) as Row[]).map((r) => r.hostname));
  const own = new Set(((await get(`/api/v1/assets/assets/?node_id=${web}`)) as Row[]).map((r) => r.hostname));
  const subtree = new Set(((await get(`/api/v1/assets/assets/?node_id=${web}&all=1`)) as Row[]).map((r) => r.hostname));
  assert.deepEqual(await hostsOn('show_current_asset=1'), own);
  assert.deepEqual(await hostsOn('show_current_asset=0'), subtree, 'present and not 1: the subtree');
  assert.ok(subtree.size > own.size);
  const page = await get(`${URL}?limit=5&offset=0`);
  assert.equal(page.results.length, 5);
});

test('delete removes the row; nothing is created or edited; org admins only', async (t) => {
  const { call, get, db, app, ops } = await assetsApp(t);
  const [first] = (await get(URL)) as Row[];
  assert.equal((await call('POST', URL, { username: 'x' })).statusCode, 405);
  assert.equal((await call('PATCH', `${URL}${first.id}/`, { username: 'x' })).statusCode, 405);
  assert.equal((await call('GET', URL, undefined, { as: 'orgadmin' })).statusCode, 200);
  for (const as of ['orgauditor', 'user'])
    assert.equal((await call('GET', URL, undefined, { as })).statusCode, 403, as);
  assert.equal((await call('DELETE', `${URL}${first.id}/`, undefined, { as: 'orgadmin', org: ops })).statusCode, 403);
  assert.equal(
    (await call('DELETE', `${URL}${first.id}/`, undefined, { org: ops })).statusCode,
    404,
    'another org does not see it',
  );
  assert.equal((await call('DELETE', `${URL}${first.id}/`, undefined, { as: 'orgadmin' })).statusCode, 204);
  assert.equal(db.prepare('SELECT 1 FROM gathered_users WHERE id = ?').get(first.id), undefined);
  assert.equal((await app.inject({ method: 'GET', url: URL })).statusCode, 401);
});
