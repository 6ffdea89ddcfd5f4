// What an asset looks like with draw=1 (§2.3): connectivity on the list and on the detail, the
// display fields next to their ids; and the edges of the label=name:value filter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const ASSETS = '/api/v1/assets/assets/';

test('draw=1 gives connectivity {status, datetime} on the detail as on the list', async (t) => {
  const { get, db, assetId } = await assetsApp(t);
  const id = assetId('bj-db-01');
  assert.deepEqual((await get(`${ASSETS}${id}/?draw=1`)).connectivity, { status: 2, datetime: null });
  assert.equal((await get(`${ASSETS}${id}/`)).connectivity, undefined, 'only with draw=1');
  db.prepare(
    "UPDATE assets SET connectivity_status = 0, connectivity_datetime = '2024-01-15T08:00:00.000Z' WHERE id = ?",
  ).run(id);
  const expected = { status: 0, datetime: '2024-01-15 16:00:00 +0800' };
  assert.deepEqual((await get(`${ASSETS}${id}/?draw=1`)).connectivity, expected);
  const [listed] = await get(`${ASSETS}?hostname=bj-db-01&draw=1`);
  assert.deepEqual(listed.connectivity, expected);
});

test('draw=1 rows carry platform by name and the admin user / domain names beside their ids', async (t) => {
  const { get, db, eng, assetId } = await assetsApp(t);
  const id = assetId('bj-db-01');
  const [row] = await get(`${ASSETS}?hostname=bj-db-01&draw=1`);
  const admin = db.prepare("SELECT id FROM admin_users WHERE name = 'Linux root' AND org_id = ?").pluck().get(eng);
  const domain = db.prepare("SELECT id FROM domains WHERE name = 'DMZ' AND org_id = ?").pluck().get(eng);
  assert.deepEqual(
    [row.platform, row.admin_user, row.admin_user_display, row.domain, row.domain_display],
    ['Linux', admin, 'Linux root', domain, 'DMZ'],
  );
  const nodeIds = db.prepare('SELECT node_id FROM asset_nodes WHERE asset_id = ?').pluck().all(id) as string[];
  assert.deepEqual([...row.nodes].sort(), [...nodeIds].sort());
  assert.equal(row.labels.length, 2, 'env:prod and team:data');
  assert.deepEqual(row, await get(`${ASSETS}${id}/?draw=1`), 'the detail and the list row agree');
});

test('label filter: "#" wins as separator, the value keeps later separators, unusable pairs select nothing', async (t) => {
  const { call, get, db, eng } = await assetsApp(t);
  const label = db
    .prepare("SELECT id FROM labels WHERE name = 'team' AND value = 'data' AND org_id = ?")
    .pluck()
    .get(eng);
  const created = await call('POST', '/api/v1/assets/labels/', { name: 'url', value: 'http://a#b' });
  assert.equal(created.statusCode, 201, created.body);
  db.prepare(
    'INSERT INTO asset_labels (asset_id, label_id) SELECT asset_id, ? FROM asset_labels WHERE label_id = ?',
  ).run(created.json().id, label);
  const q = (value: string) => `${ASSETS}?label=${encodeURIComponent(value)}`;
  assert.equal(
    (await get(q('url#http://a#b'))).length,
    8,
    'with a "#", the first "#" separates; the value keeps ":" and "#"',
  );
  assert.equal((await get(q(' team : data '))).length, 8, 'spaces around name and value are ignored');
  assert.equal((await get(q('team:'))).length, 0);
  assert.equal((await get(q('nonsense'))).length, 0, 'a label without a separator selects nothing');
  assert.equal(
    (await get(`${q('team:data')}&label=nonsense`)).length,
    8,
    'an unusable pair beside a usable one is ignored',
  );
});
