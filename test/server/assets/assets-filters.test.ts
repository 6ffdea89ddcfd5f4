// Asset list filters of §2.3 over the seeded Engineering org: labels (AND, '#' separator, active only),
// node / node_id with all=1 and show_current_asset=1, ips, platform__base, admin_user__id,
// systemuser__id, search, draw=1 connectivity; and the asset's platform / gateways endpoints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp, hostnames } from './assets-fixture.ts';

const ASSETS = '/api/v1/assets/assets/';

test('label=name:value filters, repeated labels are AND-ed, # also separates, inactive labels match nothing', async (t) => {
  const { get, db, eng } = await assetsApp(t);
  assert.equal((await get(`${ASSETS}?label=env:prod`)).length, 17);
  assert.deepEqual(hostnames(await get(`${ASSETS}?label=env:prod&label=team:data`)), [
    'bj-db-01',
    'bj-db-02',
    'bj-db-03',
    'bj-db-04',
  ]);
  assert.equal((await get(`${ASSETS}?label=${encodeURIComponent('team#data')}`)).length, 8);
  const page = await get(`${ASSETS}?label=team:data&limit=3`);
  assert.deepEqual([page.count, page.results.length], [8, 3]);
  db.prepare("UPDATE labels SET is_active = 0 WHERE name = 'team' AND value = 'data' AND org_id = ?").run(eng);
  assert.equal((await get(`${ASSETS}?label=team:data`)).length, 0);
});

test("node_id shows the node's own assets; all=1 the whole subtree; show_current_asset=1 only the node; keys work too", async (t) => {
  const { get, nodeId } = await assetsApp(t);
  const beijing = nodeId('Beijing');
  assert.equal((await get(`${ASSETS}?node_id=${beijing}`)).length, 0);
  assert.equal((await get(`${ASSETS}?node_id=${beijing}&all=1`)).length, 14);
  assert.equal((await get(`${ASSETS}?node_id=${beijing}&all=1&show_current_asset=1`)).length, 0);
  assert.deepEqual(hostnames(await get(`${ASSETS}?node=${nodeId('Web')}`)), [
    'bj-api-01',
    'bj-api-02',
    'bj-api-03',
    'bj-api-04',
  ]);
  const key = (await get(`/api/v1/assets/nodes/${nodeId('Web')}/`)).key;
  assert.equal((await get(`${ASSETS}?node_id=${key}&all=1`)).length, 10);
  const [root] = await get('/api/v1/assets/nodes/children/');
  const all = await get(`${ASSETS}?node_id=${root.id}&all=1&limit=15`);
  assert.deepEqual([all.count, all.results.length], [30, 15]);
  assert.equal((await get(`/api/v1/assets/nodes/${nodeId('Web')}/assets/?all=1`)).length, 10);
  assert.equal((await get(`/api/v1/assets/nodes/${nodeId('Web')}/assets/`)).length, 4);
  const foreign = await get(`${ASSETS}?node_id=${nodeId('Web')}&all=1`, { org: 'DEFAULT' });
  assert.equal(foreign.length, 0, 'a node of another org selects nothing');
});

test('show_current_asset as 2.3 reads it: present and not 1 is the whole subtree (even without all=1); 1 only the node', async (t) => {
  const { get, nodeId } = await assetsApp(t);
  const web = nodeId('Web');
  const count = async (query: string) => (await get(`${ASSETS}?node_id=${web}&${query}`)).length;
  assert.equal(await count('show_current_asset=0'), 10, '0 without all: the subtree');
  assert.equal(await count('show_current_asset='), 10, 'present but empty: the subtree');
  assert.equal(await count('all=0&show_current_asset=0'), 10, 'show_current_asset wins over all=0');
  assert.equal(await count('all=1&show_current_asset=1'), 4, "1: the node's own assets only");
  assert.equal(await count('show_current_asset=1'), 4);
  assert.equal(await count('show_current_asset=1&show_current_asset=0'), 10, 'the last of a repeated value counts');
  assert.equal(await count('all=0'), 4, 'absent: all decides');
});

test('ips, platform__base, admin_user__id, systemuser__id and search', async (t) => {
  const { get, db, eng } = await assetsApp(t);
  assert.deepEqual(hostnames(await get(`${ASSETS}?ips=127.10.1.11,127.10.1.12`)), ['bj-web-01', 'bj-web-02']);
  assert.equal((await get(`${ASSETS}?platform__base=Windows`)).length, 4);
  assert.equal((await get(`${ASSETS}?platform__base=Unix`)).length, 4);
  const windowsAdmin = db
    .prepare("SELECT id FROM admin_users WHERE username = 'Administrator' AND org_id = ?")
    .pluck()
    .get(eng);
  assert.equal((await get(`${ASSETS}?admin_user__id=${windowsAdmin}`)).length, 4);
  const rdp = db.prepare("SELECT id FROM system_users WHERE name = 'windows-rdp' AND org_id = ?").pluck().get(eng);
  assert.equal((await get(`${ASSETS}?systemuser__id=${rdp}`)).length, 4);
  assert.deepEqual(hostnames(await get(`${ASSETS}?search=redis`)), ['sh-redis-01', 'sh-redis-02', 'sh-redis-03']);
  assert.deepEqual(hostnames(await get(`${ASSETS}?search=127.0.0`)), ['localhost']);
  assert.deepEqual(hostnames(await get(`${ASSETS}?search=sh redis-02`)), ['sh-redis-02'], 'words are AND-ed');
});

test('draw=1 adds connectivity (unknown until tested); platform and gateways of an asset', async (t) => {
  const { get, db, assetId } = await assetsApp(t);
  const [row] = await get(`${ASSETS}?hostname=localhost&draw=1`);
  assert.deepEqual(row.connectivity, { status: 2, datetime: null });
  assert.equal(row.ip, '127.0.0.1');
  assert.deepEqual(row.protocols, ['ssh/22']);
  assert.equal((await get(`${ASSETS}?hostname=localhost`))[0].connectivity, undefined, 'only with draw=1');
  db.prepare(
    "UPDATE assets SET connectivity_status = 1, connectivity_datetime = '2024-01-15T08:00:00.000Z' WHERE id = ?",
  ).run(row.id);
  const tested = (await get(`${ASSETS}?hostname=localhost&draw=1`))[0].connectivity;
  assert.deepEqual(tested, { status: 1, datetime: '2024-01-15 16:00:00 +0800' });

  const platform = await get(`${ASSETS}${assetId('office-win-01')}/platform/`);
  assert.deepEqual(
    [platform.name, platform.base, platform.meta, platform.internal],
    ['Windows2016', 'Windows', { security: 'tls' }, true],
  );
  const gateways = await get(`${ASSETS}${assetId('bj-db-01')}/gateways/`);
  assert.deepEqual(
    gateways.map((g: { name: string; password: string }) => [g.name, g.password]),
    [['dmz-gateway', 'bastion']],
  );
  assert.deepEqual(await get(`${ASSETS}${assetId('bj-web-01')}/gateways/`), []);
  const detail = await get(`${ASSETS}${assetId('bj-db-01')}/`);
  assert.deepEqual(
    [detail.domain_display, detail.admin_user_display, detail.hardware_info],
    ['DMZ', 'Linux root', '24 Core 62.66 G 893.75 G'],
  );
});
