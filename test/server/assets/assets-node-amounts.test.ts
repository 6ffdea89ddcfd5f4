// Node titles count the assets of the whole subtree, each asset once, even when it sits on a node
// and on that node's ancestor, and the counts follow changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';

const NODES = '/api/v1/assets/nodes/';
const ASSETS = '/api/v1/assets/assets/';

test('an asset on a node and on its ancestor counts once in every title above them', async (t) => {
  const { call, get } = await assetsApp(t);
  const region = (await call('POST', NODES, { value: 'Region' })).json();
  const rack = (await call('POST', `${NODES}${region.id}/children/`, { value: 'Rack' })).json();
  // Tree items name a node "<value> (<assets in its subtree>)".
  const title = async (value: string) =>
    ((await get(`${NODES}tree/`)) as { name: string }[]).find((item) => item.name.startsWith(`${value} (`))?.name;
  const before = { root: Number(/\((\d+)\)$/.exec((await get(`${NODES}tree/`))[0].name)?.[1]) };

  const both = await call('POST', ASSETS, {
    hostname: 'twice',
    ip: '127.9.0.1',
    platform: 'Linux',
    nodes: [region.id, rack.id],
  });
  const one = await call('POST', ASSETS, { hostname: 'once', ip: '127.9.0.2', platform: 'Linux', nodes: [rack.id] });
  assert.deepEqual([both.statusCode, one.statusCode], [201, 201]);

  assert.equal(await title('Rack'), 'Rack (2)');
  assert.equal(await title('Region'), 'Region (2)', 'the asset on Region and Rack counts once');
  const root = (await get(`${NODES}tree/`))[0].name as string;
  assert.match(root, new RegExp(`\\(${before.root + 2}\\)$`));

  assert.equal((await call('DELETE', `${ASSETS}${one.json().id}/`)).statusCode, 204);
  assert.equal(await title('Rack'), 'Rack (1)', 'counts follow a delete');
  assert.equal(await title('Region'), 'Region (1)');
});
