// The whole granted trees Lina's user page can ask for (`nodes-with-assets/tree/`, `assets/tree/`)
// keep 2.3's zTree shapes (§2.5): node items with granted counts in their names, then asset items
// under the node each asset sits on (or under '' for the flat asset tree).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantWorld } from './perms-world.ts';

type Item = {
  id: string;
  name: string;
  title: string;
  pId: string;
  isParent: boolean;
  open: boolean;
  iconSkin: string;
  nocheck: boolean;
  meta: Record<string, unknown>;
};
const ITEM_KEYS = ['iconSkin', 'id', 'isParent', 'meta', 'name', 'nocheck', 'open', 'pId', 'title'];
const ASSET_KEYS = ['domain', 'hostname', 'id', 'ip', 'org_id', 'org_name', 'platform', 'protocols'];

async function setUp(t: Parameters<typeof grantWorld>[0]) {
  const g = await grantWorld(t);
  const { w, users, su, nodes, a, ops } = g;
  w.permission('g-region', {
    users: [users.alice],
    nodes: [nodes.region.id],
    systemUsers: [su.ssh, su.rdp],
    actions: ['connect'],
  });
  w.permission('g-direct', { users: [users.alice], assets: [a.loose], systemUsers: [su.ssh] });
  w.permission('g-group', { groups: [ops], nodes: [nodes.rack.id], systemUsers: [su.ssh] });
  g.db.prepare("UPDATE assets SET platform = 'Windows' WHERE id = ?").run(a.windows);
  await g.call('g-alice', '/api/v1/assets/favorite-assets/', { method: 'POST', body: { asset: a.twice } });
  return g;
}

const get = async (g: Awaited<ReturnType<typeof setUp>>, url: string) => {
  const answer = await g.call('g-alice', url);
  assert.equal(answer.statusCode, 200, answer.body);
  assert.match(String(answer.headers['content-type']), /^application\/json/);
  return answer.json() as Item[];
};

test('nodes-with-assets/tree/: every granted node with its count, then each asset on its node', async (t) => {
  const g = await setUp(t);
  const tree = await get(g, '/api/v1/perms/users/nodes-with-assets/tree/');
  for (const item of tree) assert.deepEqual(Object.keys(item).sort(), ITEM_KEYS);
  const nodes = tree.filter((item) => item.meta.type === 'node');
  assert.deepEqual(
    nodes.map((item) => [item.id, item.name, item.pId, item.open]),
    [
      ['-12', 'Favorite (1)', '', false],
      ['1', 'Default (5)', '', true],
      [g.nodes.region.key, 'g-region (4)', '1', false],
      [g.nodes.rack.key, 'g-rack (3)', g.nodes.region.key, false],
      [g.nodes.other.key, 'g-other (1)', '1', false],
    ],
  );
  assert.deepEqual(nodes[2].meta, {
    type: 'node',
    node: { id: g.nodes.region.id, name: 'g-region', value: 'g-region', key: g.nodes.region.key, assets_amount: 4 },
  });
  const assets = tree.filter((item) => item.meta.type === 'asset');
  assert.deepEqual(
    assets.map((item) => [item.name, item.pId]).sort(),
    [
      ['g-loose', g.nodes.other.key],
      ['g-rack-host', g.nodes.rack.key],
      ['g-region-host', g.nodes.region.key],
      ['g-twice', g.nodes.rack.key],
      ['g-win', g.nodes.rack.key],
    ],
    'g-twice sits on the granted rack only; the loose host on its own node',
  );
  const win = assets.find((item) => item.name === 'g-win')!;
  assert.deepEqual(
    [win.title, win.isParent, win.open, win.iconSkin, win.nocheck],
    ['127.60.0.1', false, false, 'windows', true],
    'no ssh: not checkable',
  );
  assert.deepEqual(Object.keys(win.meta.asset as object).sort(), ASSET_KEYS);
  assert.deepEqual(win.meta.asset, {
    id: g.a.windows,
    hostname: 'g-win',
    ip: '127.60.0.1',
    protocols: ['rdp/3389'],
    platform: 'Windows',
    domain: null,
    org_name: 'DEFAULT',
    org_id: '',
  });
});

test('assets/tree/: the granted assets by hostname, flat (pId ""), as asset items', async (t) => {
  const g = await setUp(t);
  const tree = await get(g, '/api/v1/perms/users/assets/tree/');
  assert.deepEqual(
    tree.map((item) => [item.name, item.pId, item.nocheck, item.iconSkin]),
    [
      ['g-loose', '', false, 'linux'],
      ['g-rack-host', '', false, 'linux'],
      ['g-region-host', '', false, 'linux'],
      ['g-twice', '', false, 'linux'],
      ['g-win', '', true, 'windows'],
    ],
  );
  for (const item of tree) {
    assert.deepEqual(Object.keys(item).sort(), ITEM_KEYS);
    assert.equal(item.meta.type, 'asset');
    assert.deepEqual(Object.keys(item.meta.asset as object).sort(), ASSET_KEYS);
  }
  // The one-user form answers the same for an admin asking about alice.
  const admin = await g.call('admin', `/api/v1/perms/users/${g.users.alice}/assets/tree/`);
  assert.deepEqual(admin.json(), tree);
});
