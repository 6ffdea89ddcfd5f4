// Deleting an org and its node tree: opening an org's tree creates its root node, which must not make
// the org undeletable; any node or asset a user added still does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build } from '../helpers.ts';

const ORGS = '/api/v1/orgs/orgs/';
const NODES = '/api/v1/assets/nodes/';

async function orgWithOpenedTree(app: FastifyInstance, headers: Record<string, string>, name: string) {
  const org = (await app.inject({ method: 'POST', url: ORGS, headers, payload: { name } })).json();
  const inOrg = { ...headers, 'x-jms-org': org.id, 'accept-language': 'en' };
  const tree = await app.inject({ method: 'GET', url: `${NODES}children/`, headers: inOrg });
  assert.equal(tree.statusCode, 200, tree.body);
  const [root] = tree.json();
  assert.equal(root.value, name, 'opening the tree made the org root, named after the org');
  return { org, root, inOrg };
}

const deleteOrg = (app: FastifyInstance, headers: Record<string, string>, id: string) =>
  app.inject({ method: 'DELETE', url: `${ORGS}${id}/`, headers: { ...headers, 'accept-language': 'en' } });

test('an org whose tree holds only its empty root is deleted, root included', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const { org, root } = await orgWithOpenedTree(app, headers, 'Opened once');
  const gone = await deleteOrg(app, headers, org.id);
  assert.equal(gone.statusCode, 200, gone.body);
  assert.deepEqual(gone.json(), { msg: true });
  assert.equal(
    app.bastion.db.prepare('SELECT COUNT(*) FROM nodes WHERE id = ?').pluck().get(root.id),
    0,
    'the root went with the org',
  );
});

test('a child node or an asset on the root keeps the org from being deleted', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const refused = { error: 'Organization contains undeleted resources' };

  const withChild = await orgWithOpenedTree(app, headers, 'Has a node');
  const child = await app.inject({ method: 'POST', url: NODES, headers: withChild.inOrg, payload: { value: 'Racks' } });
  assert.equal(child.statusCode, 201, child.body);
  const busy = await deleteOrg(app, headers, withChild.org.id);
  assert.equal(busy.statusCode, 403);
  assert.deepEqual(busy.json(), refused);

  const withAsset = await orgWithOpenedTree(app, headers, 'Has an asset');
  const asset = await app.inject({
    method: 'POST',
    url: '/api/v1/assets/assets/',
    headers: withAsset.inOrg,
    payload: { hostname: 'lonely', ip: '127.0.2.9', platform: 'Linux' },
  });
  assert.equal(asset.statusCode, 201, asset.body);
  const stillBusy = await deleteOrg(app, headers, withAsset.org.id);
  assert.equal(stillBusy.statusCode, 403);
  assert.deepEqual(stillBusy.json(), refused);
  const rootStays = app.bastion.db.prepare('SELECT COUNT(*) FROM nodes WHERE id = ?').pluck().get(withAsset.root.id);
  assert.equal(rootStays, 1, 'a refused delete removes nothing');
});
