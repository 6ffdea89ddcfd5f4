// /api/v1/perms/asset-permissions/ in Engineering: the body rules, actions as names, amounts and
// validity, the §2.5 query parameters (through groups and ancestor nodes unless all=0), the links the
// system users then have, and who may write.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetsApp } from '../assets/assets-fixture.ts';
import { userId } from '../helpers.ts';

const PERMS = '/api/v1/perms/asset-permissions/';

test('create: system users required and non-empty; links must be in the org; actions and amounts read back', async (t) => {
  const { app, db, call, get, nodeId, assetId, eng } = await assetsApp(t);
  const systemUser = db
    .prepare('SELECT id FROM system_users WHERE org_id = ? ORDER BY name LIMIT 1')
    .pluck()
    .get(eng) as string;
  const missing = await call('POST', PERMS, { name: 'p-missing' });
  assert.deepEqual([missing.statusCode, missing.json().system_users], [400, ['This field is required.']]);
  const empty = await call('POST', PERMS, { name: 'p-empty', system_users: [] });
  assert.deepEqual([empty.statusCode, empty.json().system_users], [400, ['This list may not be empty.']]);
  const defaultAsset = db.prepare("SELECT id FROM assets WHERE org_id = '' LIMIT 1").pluck().get() as string;
  const foreign = await call('POST', PERMS, { name: 'p-foreign', system_users: [systemUser], assets: [defaultAsset] });
  assert.equal(foreign.statusCode, 400);
  assert.match(foreign.json().assets[0], /^Invalid pk/);
  const outsider = await call('POST', PERMS, {
    name: 'p-outsider',
    system_users: [systemUser],
    users: [userId(app, 'newuser')],
  });
  assert.equal(outsider.statusCode, 400, 'a user who is not a member of Engineering');

  const created = await call('POST', PERMS, {
    name: 'p-web',
    system_users: [systemUser],
    nodes: [nodeId('Web')],
    assets: [assetId('sh-redis-01')],
    users: [userId(app, 'user')],
    actions: ['connect', 'updownload'],
  });
  assert.equal(created.statusCode, 201, created.body);
  const body = created.json();
  assert.deepEqual(body.actions, ['connect', 'upload_file', 'download_file', 'updownload']);
  assert.deepEqual(
    [body.users_amount, body.user_groups_amount, body.assets_amount, body.nodes_amount, body.system_users_amount],
    [1, 0, 1, 1, 1],
  );
  assert.equal(body.is_valid, true);
  assert.equal(body.is_expired, false);
  assert.match(body.date_expired, /^20(8|9)\d-/, 'expires in 70 years by default');
  assert.equal(db.prepare('SELECT actions FROM asset_permissions WHERE id = ?').pluck().get(body.id), 7);

  // The system user now holds the permission's asset and node (and the node's assets).
  const linked = db
    .prepare('SELECT COUNT(*) FROM system_user_assets WHERE system_user_id = ? AND asset_id = ?')
    .pluck();
  assert.equal(linked.get(systemUser, assetId('sh-redis-01')), 1);
  assert.equal(linked.get(systemUser, assetId('bj-web-01')), 1, 'an asset under the granted node');

  const detail = await get(`${PERMS}${body.id}/`);
  assert.deepEqual(detail.nodes, [nodeId('Web')]);
  const expired = await call('PATCH', `${PERMS}${body.id}/`, { date_expired: '2020-01-01 00:00:00 +0800' });
  assert.equal(expired.statusCode, 200, expired.body);
  assert.deepEqual([expired.json().is_valid, expired.json().is_expired], [false, true]);
});

test('filters: by user through groups, by asset through ancestor nodes, all=0 for direct links, is_valid', async (t) => {
  const { app, db, call, get, nodeId, assetId, eng } = await assetsApp(t);
  const systemUser = db
    .prepare('SELECT id FROM system_users WHERE org_id = ? ORDER BY name LIMIT 1')
    .pluck()
    .get(eng) as string;
  const user = userId(app, 'user');
  const group = await call('POST', '/api/v1/users/groups/', { name: 'p-group', users: [user] });
  assert.equal(group.statusCode, 201, group.body);
  const make = async (name: string, body: Record<string, unknown>) => {
    const response = await call('POST', PERMS, { name, system_users: [systemUser], ...body });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().id as string;
  };
  await make('p-direct-user', { users: [user], assets: [assetId('bj-web-01')] });
  await make('p-by-group', { user_groups: [group.json().id], nodes: [nodeId('Beijing')] });
  await make('p-old', {
    users: [user],
    date_start: '2019-01-01 00:00:00 +0800',
    date_expired: '2020-01-01 00:00:00 +0800',
  });
  const names = async (query: string) =>
    ((await get(`${PERMS}?${query}`)) as { name: string }[])
      .map((p) => p.name)
      .filter((n) => n.startsWith('p-'))
      .sort();

  assert.deepEqual(await names(`user_id=${user}`), ['p-by-group', 'p-direct-user', 'p-old']);
  assert.deepEqual(await names(`user_id=${user}&all=0`), ['p-direct-user', 'p-old']);
  assert.deepEqual(await names('username=user&is_valid=1'), ['p-by-group', 'p-direct-user']);
  assert.deepEqual(await names('is_valid=0'), ['p-old']);
  assert.deepEqual(
    await names(`asset_id=${assetId('bj-web-01')}`),
    ['p-by-group', 'p-direct-user'],
    'Beijing is an ancestor of its node',
  );
  assert.deepEqual(await names(`asset_id=${assetId('bj-web-01')}&all=0`), ['p-direct-user']);
  assert.deepEqual(await names(`node_id=${nodeId('Frontend')}`), ['p-by-group']);
  assert.deepEqual(await names('hostname=no-such-host'), []);
  assert.deepEqual(await names(`system_user_id=${systemUser}`), ['p-by-group', 'p-direct-user', 'p-old']);
});

test('only org admins read and write permissions (2.3: IsOrgAdmin)', async (t) => {
  const { db, call, eng } = await assetsApp(t);
  const systemUser = db
    .prepare('SELECT id FROM system_users WHERE org_id = ? ORDER BY name LIMIT 1')
    .pluck()
    .get(eng) as string;
  const asAdmin = await call('POST', PERMS, { name: 'p-org-admin', system_users: [systemUser] }, { as: 'orgadmin' });
  assert.equal(asAdmin.statusCode, 201, asAdmin.body);
  const asAuditor = await call('POST', PERMS, { name: 'p-auditor', system_users: [systemUser] }, { as: 'orgauditor' });
  assert.equal(asAuditor.statusCode, 403);
  const asUser = await call('GET', PERMS, undefined, { as: 'user' });
  assert.equal(asUser.statusCode, 403);
});

test('the seed gives every org permissions in every validity state, and the demo user something to reach', async (t) => {
  const { app, get, eng } = await assetsApp(t);
  const inDefault = (await get(PERMS, { org: 'DEFAULT' })) as {
    name: string;
    is_valid: boolean;
    is_active: boolean;
    is_expired: boolean;
  }[];
  assert.ok(inDefault.length >= 5, `${inDefault.length} in DEFAULT`);
  assert.ok(
    inDefault.some((p) => p.is_valid) && inDefault.some((p) => p.is_expired) && inDefault.some((p) => !p.is_active),
    'valid, expired and disabled',
  );
  assert.ok(((await get(PERMS)) as unknown[]).length >= 3, 'Engineering has its own');
  const mine = (await get(`${PERMS}?user_id=${userId(app, 'user')}&is_valid=1`, { org: eng })) as { name: string }[];
  assert.ok(
    mine.some((p) => p.name === 'Developers - web tier'),
    'user reaches the web tier through Developers',
  );
});
