// Node tree rules (§2.3): keys, the per-org root, sibling names, root rename, delete refusal, moves,
// children listings (the root included when no node is named) and the tree item format.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';
import migration from '../../../demo/server/core/db/migrations/0060_org_root_names.ts';

const NODES = '/api/v1/assets/nodes/';

test('each org has its own root: DEFAULT key 1 named Default, real orgs bare numbers named after the org (as 2.3); children of root include the root', async (t) => {
  const { get, eng, ops } = await assetsApp(t);
  const [defaultRoot] = await get(`${NODES}children/`, { org: 'DEFAULT' });
  assert.deepEqual([defaultRoot.key, defaultRoot.value, defaultRoot.full_value], ['1', 'Default', 'Default']);
  const engNodes = await get(`${NODES}children/`, { org: eng });
  const opsNodes = await get(`${NODES}children/`, { org: ops });
  assert.match(engNodes[0].key, /^[2-9]\d*$/);
  assert.match(opsNodes[0].key, /^[2-9]\d*$/);
  assert.notEqual(engNodes[0].key, opsNodes[0].key);
  assert.deepEqual(
    engNodes.map((n: { value: string }) => n.value),
    ['Engineering', 'Beijing', 'Shanghai', 'Office'],
  );
  assert.deepEqual(
    engNodes.slice(1).map((n: { key: string }) => n.key),
    [0, 1, 2].map((i) => `${engNodes[0].key}:${i}`),
  );
  const beijing = engNodes[1].id;
  assert.deepEqual(
    (await get(`${NODES}${beijing}/children/`, { org: eng })).map((n: { value: string }) => n.value),
    ['Web', 'Database'],
  );
  const all = await get(`${NODES}children/?id=${beijing}&all=all`, { org: eng });
  assert.deepEqual(
    all.map((n: { full_value: string }) => n.full_value),
    ['Engineering / Beijing / Web', 'Engineering / Beijing / Web / Frontend', 'Engineering / Beijing / Database'],
  );
});

test('POST makes a child of the org root; sibling names must differ; defaults are "New node N"', async (t) => {
  const { call, get, nodeId } = await assetsApp(t);
  const [root] = await get(`${NODES}children/`);
  const created = await call('POST', NODES, { value: 'Guangzhou' });
  assert.equal(created.statusCode, 201, created.body);
  assert.deepEqual(
    [created.json().key, created.json().full_value, created.json().name],
    [`${root.key}:3`, 'Engineering / Guangzhou', 'Guangzhou'],
  );
  const same = await call('POST', NODES, { value: 'Beijing' });
  assert.deepEqual([same.statusCode, same.json()], [400, { value: ['The same level node name cannot be the same'] }]);
  const renamed = await call('PATCH', `${NODES}${created.json().id}/`, { value: 'Shanghai' });
  assert.deepEqual(
    [renamed.statusCode, renamed.json()],
    [400, { value: ['The same level node name cannot be the same'] }],
  );

  const blank = await call('PATCH', `${NODES}${created.json().id}/`, { value: '' });
  assert.deepEqual([blank.statusCode, blank.json()], [400, { value: ['This field may not be blank.'] }]);
  const unnamed = await call('POST', NODES, {});
  assert.deepEqual([unnamed.statusCode, unnamed.json().value], [201, 'New node 1']);

  const web = nodeId('Web');
  const first = await call('POST', `${NODES}${web}/children/`, {});
  const second = await call('POST', `${NODES}${web}/children/`, {});
  assert.deepEqual([first.statusCode, first.json().value, second.json().value], [201, 'New node 1', 'New node 2']);
  assert.equal(first.json().full_value, 'Engineering / Beijing / Web / New node 1');
  const clash = await call('POST', `${NODES}${web}/children/`, { value: 'Frontend' });
  assert.deepEqual([clash.statusCode, clash.json()], [400, { value: ['The same level node name cannot be the same'] }]);
  // The same name one level down is fine.
  assert.equal((await call('POST', `${NODES}${nodeId('Frontend')}/children/`, { value: 'Web' })).statusCode, 201);
});

test('the org root cannot be renamed; a node with children or assets cannot be deleted', async (t) => {
  const { call, get, nodeId } = await assetsApp(t);
  const [root] = await get(`${NODES}children/`);
  const rename = await call('PATCH', `${NODES}${root.id}/`, { value: 'Everything' });
  assert.deepEqual([rename.statusCode, rename.json()], [400, { error: "You can't update the root node name" }]);
  const refused = { error: 'Deletion failed and the node contains children or assets' };
  const withChildren = await call('DELETE', `${NODES}${nodeId('Beijing')}/`);
  assert.deepEqual([withChildren.statusCode, withChildren.json()], [403, refused]);
  const withAssets = await call('DELETE', `${NODES}${nodeId('Frontend')}/`);
  assert.deepEqual([withAssets.statusCode, withAssets.json()], [403, refused]);
  const empty = await call('POST', NODES, { value: 'Empty' });
  assert.equal((await call('DELETE', `${NODES}${empty.json().id}/`)).statusCode, 204);
});

test('children/add moves a subtree (keys and full names follow); never under itself', async (t) => {
  const { call, get, nodeId } = await assetsApp(t);
  const shanghai = await get(`${NODES}${nodeId('Shanghai')}/`);
  const move = await call('PUT', `${NODES}${nodeId('Shanghai')}/children/add/`, { nodes: [nodeId('Web')] });
  assert.deepEqual([move.statusCode, move.json()], [200, 'OK']);
  const web = await get(`${NODES}${nodeId('Web')}/`);
  const frontend = await get(`${NODES}${nodeId('Frontend')}/`);
  assert.equal(web.key, `${shanghai.key}:2`, 'the next key under Shanghai (Cache :0, Batch :1)');
  assert.equal(frontend.key, `${web.key}:0`);
  assert.equal(frontend.full_value, 'Engineering / Shanghai / Web / Frontend');
  const assets = await get(`/api/v1/assets/assets/?node_id=${nodeId('Shanghai')}&all=1`);
  assert.ok(
    assets.some((a: { hostname: string }) => a.hostname === 'bj-web-01'),
    'assets moved with their node',
  );
  const loop = await call('PUT', `${NODES}${nodeId('Frontend')}/children/add/`, { nodes: [nodeId('Shanghai')] });
  assert.equal(loop.statusCode, 400);
});

test('assets add / remove / replace on a node; removal from the root needs another node', async (t) => {
  const { call, get, nodeId, assetId } = await assetsApp(t);
  const [root] = await get(`${NODES}children/`);
  const host = assetId('bj-db-01');
  const nodesOf = async () => (await get(`/api/v1/assets/assets/${host}/`)).nodes.sort();
  const add = await call('PUT', `${NODES}${nodeId('Office')}/assets/add/`, { assets: [host] });
  assert.deepEqual([add.statusCode, add.json()], [200, { assets: [host] }]);
  assert.deepEqual(await nodesOf(), [nodeId('Database'), nodeId('Office')].sort());
  await call('PATCH', `${NODES}${nodeId('Database')}/assets/remove/`, { assets: [host] });
  assert.deepEqual(await nodesOf(), [nodeId('Office')]);
  await call('PUT', `${NODES}${nodeId('Office')}/assets/remove/`, { assets: [host] });
  assert.deepEqual(await nodesOf(), [root.id], 'an asset that loses its last node goes back to the root');
  await call('PUT', `${NODES}${root.id}/assets/remove/`, { assets: [host] });
  assert.deepEqual(await nodesOf(), [root.id], 'not removed from the root: no other node');
  const replace = await call('PUT', `${NODES}${nodeId('Cache')}/assets/replace/`, { assets: [host] });
  assert.equal(replace.statusCode, 200);
  assert.deepEqual(await nodesOf(), [nodeId('Cache')]);
  const foreign = await call('PUT', `${NODES}${nodeId('Cache')}/assets/add/`, {
    assets: [assetId('bj-db-01', 'missing-org')],
  });
  assert.equal(foreign.statusCode, 400);
});

test('tree items: node and asset shapes, titles count the whole subtree', async (t) => {
  const { get, nodeId } = await assetsApp(t);
  const beijing = await get(`${NODES}${nodeId('Beijing')}/`);
  const items = await get(`${NODES}children/tree/?key=${beijing.key}&assets=1`);
  assert.deepEqual(
    items.map((i: { name: string }) => i.name),
    ['Web (10)', 'Database (4)'],
  );
  assert.deepEqual(items[0], {
    id: `${beijing.key}:0`,
    name: 'Web (10)',
    title: 'Web (10)',
    pId: beijing.key,
    isParent: true,
    open: false,
    iconSkin: '',
    nocheck: false,
    meta: {
      type: 'node',
      node: { id: nodeId('Web'), name: 'Web', value: 'Web', key: `${beijing.key}:0`, assets_amount: 10 },
    },
  });
  const rootItems = await get(`${NODES}children/tree/`);
  assert.equal(rootItems[0].name, 'Engineering (30)');
  assert.equal(rootItems[0].open, true);
  assert.equal(rootItems[0].pId, '');
  const office = await get(`${NODES}children/tree/?id=${nodeId('Office')}&assets=1`);
  const win = office.find((i: { name: string }) => i.name === 'office-win-01');
  assert.deepEqual(
    { ...win, id: 'x', meta: { ...win.meta, asset: { ...win.meta.asset, id: 'x' } } },
    {
      id: 'x',
      name: 'office-win-01',
      title: '127.30.1.32',
      pId: `${(await get(`${NODES}${nodeId('Office')}/`)).key}`,
      isParent: false,
      open: false,
      iconSkin: 'windows',
      nocheck: false,
      meta: {
        type: 'asset',
        asset: { id: 'x', hostname: 'office-win-01', ip: '127.30.1.32', protocols: ['rdp/3389'], platform: 'Windows' },
      },
    },
  );
  const everything = await get(`${NODES}tree/`);
  assert.equal(everything.length, 10, 'root + nine seeded nodes');
});

test('migration 60 names an org root still called Default after its org, and leaves a renamed one', async (t) => {
  const { app, get, eng, ops } = await assetsApp(t);
  const [engRoot] = await get(`${NODES}children/`, { org: eng });
  const [opsRoot] = await get(`${NODES}children/`, { org: ops });
  const db = app.bastion.db;
  db.prepare('UPDATE nodes SET value = ? WHERE id = ?').run('Default', engRoot.id);
  db.prepare('UPDATE nodes SET value = ? WHERE id = ?').run('Ops root', opsRoot.id);
  db.exec(migration.sql);
  const value = (id: string) => db.prepare('SELECT value FROM nodes WHERE id = ?').pluck().get(id);
  assert.deepEqual([value(engRoot.id), value(opsRoot.id)], ['Engineering', 'Ops root']);
  assert.equal(
    (await get(`${NODES}children/`, { org: 'DEFAULT' }))[0].value,
    'Default',
    "DEFAULT's root keeps its name",
  );
});
