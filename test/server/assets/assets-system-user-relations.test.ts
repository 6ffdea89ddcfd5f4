// system-users-{assets,nodes,users}-relations (§2.3): links with display names, filters, delete by a
// narrowing filter, node links bringing their assets, org isolation and who may call.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from './assets-fixture.ts';
import { userId } from '../helpers.ts';

const ASSETS = '/api/v1/assets/system-users-assets-relations/';
const NODES = '/api/v1/assets/system-users-nodes-relations/';
const USERS = '/api/v1/assets/system-users-users-relations/';
const SYSTEM_USERS = '/api/v1/assets/system-users/';

type Link = { id: number; systemuser: string; systemuser_display: string; [field: string]: unknown };

async function setup(t: Parameters<typeof assetsApp>[0]) {
  const fx = await assetsApp(t);
  const systemUserId = (name: string, org = fx.eng) =>
    fx.db.prepare('SELECT id FROM system_users WHERE name = ? AND org_id = ?').pluck().get(name, org) as string;
  const amount = async (id: string) => (await fx.get(`${SYSTEM_USERS}${id}/`)).assets_amount as number;
  const links = async (url: string, query: string) => (await fx.get(`${url}?${query}`)) as Link[];
  return { ...fx, systemUserId, amount, links };
}

test('assets relations: link one or many, rows carry names, filters by asset, systemuser and id', async (t) => {
  const { call, assetId, systemUserId, amount, links } = await setup(t);
  const rdp = systemUserId('windows-rdp');
  assert.equal(await amount(rdp), 4, 'the seeded Windows hosts');
  const one = await call('POST', ASSETS, { systemuser: rdp, asset: assetId('bj-db-01') });
  assert.equal(one.statusCode, 201, one.body);
  const row = one.json() as Link;
  assert.equal(typeof row.id, 'number');
  assert.equal(row.systemuser_display, 'windows-rdp(rdpuser)');
  assert.match(String(row.asset_display), /^bj-db-01\(127\.10\.3\.\d+\)$/);
  const many = await call('POST', ASSETS, [
    { systemuser: rdp, asset: assetId('bj-db-02') },
    { systemuser: rdp, asset: assetId('bj-db-03') },
  ]);
  assert.equal(many.statusCode, 201, many.body);
  assert.equal(await amount(rdp), 7);

  const mine = await links(ASSETS, `systemuser=${rdp}`);
  assert.equal(mine.length, 7);
  assert.ok(mine.every((link) => link.systemuser === rdp));
  assert.deepEqual(
    (await links(ASSETS, `asset=${assetId('bj-db-02')}`)).map((link) => link.systemuser_display).sort(),
    ['deploy(deploy)', 'ops(ops)', 'windows-rdp(rdpuser)'],
  );
  assert.deepEqual(
    (await links(ASSETS, `id=${row.id}`)).map((link) => link.asset),
    [assetId('bj-db-01')],
  );

  const again = await call('POST', ASSETS, { systemuser: rdp, asset: assetId('bj-db-01') });
  assert.deepEqual(
    [again.statusCode, again.json()],
    [400, { non_field_errors: ['The fields systemuser, asset must make a unique set.'] }],
  );
  const missing = await call('POST', ASSETS, [{ systemuser: rdp }]);
  assert.deepEqual(missing.json(), [{ asset: ['This field is required.'] }]);
});

test('assets relations: DELETE by a narrowing filter removes exactly those links; no filter is refused', async (t) => {
  const { call, assetId, systemUserId, amount, links } = await setup(t);
  const rdp = systemUserId('windows-rdp');
  const office = assetId('office-win-01');
  const everything = await call('DELETE', ASSETS);
  assert.deepEqual([everything.statusCode, everything.body], [400, '']);
  const removed = await call('DELETE', `${ASSETS}?systemuser=${rdp}&asset=${office}`);
  assert.equal(removed.statusCode, 204, removed.body);
  assert.deepEqual(await links(ASSETS, `systemuser=${rdp}&asset=${office}`), []);
  assert.equal(await amount(rdp), 3, 'the three other Windows hosts stay');
  const [kept] = await links(ASSETS, `systemuser=${rdp}`);
  const single = await call('DELETE', `${ASSETS}${kept.id}/`);
  assert.equal(single.statusCode, 204);
  assert.equal(await amount(rdp), 2);
});

test('nodes relations: a linked node shows its full path and links its subtree assets, now and later', async (t) => {
  const { call, get, nodeId, systemUserId, amount, links } = await setup(t);
  const rdp = systemUserId('windows-rdp');
  const linked = await call('POST', NODES, { systemuser: rdp, node: nodeId('Shanghai') });
  assert.equal(linked.statusCode, 201, linked.body);
  assert.deepEqual(
    [linked.json().node_display, linked.json().systemuser_display],
    ['Engineering / Shanghai', 'windows-rdp(rdpuser)'],
  );
  assert.equal(typeof linked.json().id, 'number');
  // 4 Windows hosts + Shanghai's 3 cache, 4 batch and 4 test hosts.
  assert.equal(await amount(rdp), 15);
  const hosts = (await links(ASSETS, `systemuser=${rdp}`)).map((link) => String(link.asset_display).split('(')[0]);
  assert.ok(hosts.includes('sh-batch-01') && hosts.includes('sh-redis-03'), hosts.join());

  const created = await call('POST', '/api/v1/assets/assets/', {
    hostname: 'sh-new-01',
    ip: '127.51.100.99',
    platform: 'Linux',
    nodes: [nodeId('Nightly')],
  });
  assert.equal(created.statusCode, 201, created.body);
  assert.equal(await amount(rdp), 16, 'an asset added under the linked node is linked');
  assert.equal((await links(ASSETS, `systemuser=${rdp}&asset=${created.json().id}`)).length, 1);
  const elsewhere = await call('POST', '/api/v1/assets/assets/', {
    hostname: 'bj-new-01',
    ip: '127.0.2.99',
    platform: 'Linux',
    nodes: [nodeId('Frontend')],
  });
  assert.equal(
    (await links(ASSETS, `systemuser=${rdp}&asset=${elsewhere.json().id}`)).length,
    0,
    'outside the subtree: not linked',
  );

  assert.deepEqual(
    (await links(NODES, `systemuser=${rdp}`)).map((link) => link.node),
    [nodeId('Shanghai')],
  );
  assert.deepEqual(
    ((await get(`${NODES}?node=${nodeId('Beijing')}`)) as Link[]).map((link) => link.systemuser_display),
    ['deploy(deploy)'],
    'the seeded link',
  );
  const removed = await call('DELETE', `${NODES}?systemuser=${rdp}&node=${nodeId('Shanghai')}`);
  assert.equal(removed.statusCode, 204);
  assert.deepEqual(await links(NODES, `systemuser=${rdp}`), []);
});

test("users relations: members of the system user's org only, shown as name(username)", async (t) => {
  const { app, call, systemUserId, links } = await setup(t);
  const ops = systemUserId('ops');
  const added = await call('POST', USERS, [
    { systemuser: ops, user: userId(app, 'liwei') },
    { systemuser: ops, user: userId(app, 'akumar') },
  ]);
  assert.equal(added.statusCode, 201, added.body);
  assert.deepEqual((await links(USERS, `systemuser=${ops}`)).map((link) => link.user_display).sort(), [
    'Arjun Kumar(akumar)',
    '李伟(liwei)',
  ]);
  const outsider = userId(app, 'zhangmin');
  const refused = await call('POST', USERS, { systemuser: ops, user: outsider });
  assert.deepEqual(
    [refused.statusCode, refused.json()],
    [400, { user: [`Invalid pk "${outsider}" - object does not exist.`] }],
  );
});

test('relations stay inside the org: foreign objects are invalid pks, lists and deletes see only the current org', async (t) => {
  const { call, assetId, nodeId, systemUserId, links, ops: opsOrg } = await setup(t);
  const engOps = systemUserId('ops');
  const foreignAsset = assetId('bj-web-01', opsOrg);
  const asset = await call('POST', ASSETS, { systemuser: engOps, asset: foreignAsset });
  assert.deepEqual(
    [asset.statusCode, asset.json()],
    [400, { asset: [`Invalid pk "${foreignAsset}" - object does not exist.`] }],
  );
  const node = await call('POST', NODES, { systemuser: engOps, node: nodeId('Office', opsOrg) });
  assert.deepEqual(Object.keys(node.json()), ['node']);
  const foreignUser = systemUserId('ops', opsOrg);
  const su = await call('POST', ASSETS, { systemuser: foreignUser, asset: assetId('bj-web-01') });
  assert.deepEqual(Object.keys(su.json()), ['systemuser']);
  // ROOT sees every org, yet a link must still stay within the system user's org.
  const fromRoot = await call('POST', ASSETS, { systemuser: engOps, asset: foreignAsset }, { org: 'ROOT' });
  assert.deepEqual(Object.keys(fromRoot.json()), ['asset']);

  assert.equal(
    (await links(ASSETS, `systemuser=${foreignUser}`)).length,
    0,
    'Engineering does not list Operations links',
  );
  const forged = await call('DELETE', `${ASSETS}?systemuser=${foreignUser}&asset=${foreignAsset}`);
  assert.equal(forged.statusCode, 204, 'nothing of Operations matches in Engineering, so nothing is deleted');
  assert.equal(
    (await links(ASSETS, `systemuser=${foreignUser}&asset=${foreignAsset}&oid=${opsOrg}`)).length,
    1,
    'still linked',
  );
});

test('only org admins: auditors and users are refused reads and writes; the org admin may link', async (t) => {
  const { call, assetId, systemUserId, links } = await setup(t);
  const rdp = systemUserId('windows-rdp');
  const body = { systemuser: rdp, asset: assetId('bj-api-01') };
  for (const as of ['orgauditor', 'sysauditor', 'user']) {
    for (const url of [ASSETS, NODES, USERS])
      assert.equal((await call('GET', url, undefined, { as })).statusCode, 403, `${as} GET ${url}`);
    assert.equal((await call('POST', ASSETS, body, { as })).statusCode, 403, `${as} POST`);
    assert.equal(
      (await call('DELETE', `${ASSETS}?systemuser=${rdp}`, undefined, { as })).statusCode,
      403,
      `${as} DELETE`,
    );
  }
  assert.equal((await links(ASSETS, `systemuser=${rdp}`)).length, 4, 'nothing changed');
  const created = await call('POST', ASSETS, body, { as: 'orgadmin' });
  assert.equal(created.statusCode, 201, created.body);
});
