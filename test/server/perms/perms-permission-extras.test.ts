// The asset-permission extras (perms/permission-extra-routes.ts): users/all, assets/all, user/validate,
// user/actions, cache/refresh, and /perms/system-users-permission/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantWorld } from './perms-world.ts';

type Row = Record<string, unknown>;
const BASE = '/api/v1/perms/asset-permissions/';

async function setUp(t: Parameters<typeof grantWorld>[0]) {
  const g = await grantWorld(t);
  const { w, users, su, nodes, a, ops, engineering, engGroup } = g;
  const p = w.permission('g-mixed', {
    users: [users.alice],
    groups: [ops],
    assets: [a.loose],
    nodes: [nodes.rack.id],
    systemUsers: [su.ssh, su.rdp],
    actions: ['connect', 'download_file'],
  });
  w.permission('g-copy', {
    users: [users.alice],
    nodes: [nodes.region.id],
    systemUsers: [su.ssh],
    actions: ['clipboard_copy'],
  });
  const eng = w.permission('g-eng', {
    groups: [engGroup],
    assets: [a.eng],
    systemUsers: [su.engSsh],
    org: engineering,
  });
  return { ...g, p, eng };
}

test('users/all: direct users and group members; assets/all: direct assets and every asset under the nodes', async (t) => {
  const { call, p, eng, users, engineering } = await setUp(t);
  const all = (await call('admin', `${BASE}${p}/users/all/`)).json() as Row[];
  assert.deepEqual(all.map((r) => r.user_display).sort(), ['g-alice(g-alice)', 'g-bob(g-bob)']);
  assert.deepEqual(Object.keys(all[0]).sort(), ['user', 'user_display']);
  assert.deepEqual(
    (await call('admin', `${BASE}${p}/users/all/?search=bob`)).json().map((r: Row) => r.user),
    [users.bob],
  );
  assert.equal((await call('admin', `${BASE}${p}/users/all/?limit=1`)).json().count, 2);
  const assets = (await call('admin', `${BASE}${p}/assets/all/`)).json() as Row[];
  assert.deepEqual(
    assets.map((r) => r.asset_display),
    [
      'g-loose(127.60.0.1)',
      'g-rack-host(127.60.0.1)',
      'g-retired(127.60.0.1)',
      'g-twice(127.60.0.1)',
      'g-win(127.60.0.1)',
    ],
  );
  assert.deepEqual((await call('admin', `${BASE}${p}/assets/all/?hostname=g-twice`)).json().length, 1);
  assert.equal(
    (await call('g-eng-admin', `${BASE}${p}/assets/all/`, { org: engineering })).statusCode,
    404,
    'a permission of another org',
  );
  assert.deepEqual(
    (await call('g-eng-admin', `${BASE}${eng}/users/all/`, { org: engineering })).json().map((r: Row) => r.user),
    [users.carol],
  );
  assert.equal((await call('g-alice', `${BASE}${p}/users/all/`)).statusCode, 403);
  assert.equal((await call('admin', `${BASE}nope/users/all/`)).statusCode, 404);
});

test('user/validate and user/actions answer for one user, asset and system user in the current org', async (t) => {
  const { call, users, a, su, engineering } = await setUp(t);
  const q = (user: string, asset: string, systemUser: string, extra = '') =>
    `?user_id=${user}&asset_id=${asset}&system_user_id=${systemUser}${extra}`;
  const validate = async (as: string, query: string, org?: string) => {
    const r = await call(as, `${BASE}user/validate/${query}`, { org });
    return [r.statusCode, r.json()];
  };
  assert.deepEqual(await validate('admin', q(users.alice, a.inRack, su.ssh, '&action_name=download_file')), [
    200,
    { msg: true },
  ]);
  assert.deepEqual(
    await validate('admin', q(users.alice, a.inRack, su.ssh, '&action_name=clipboard_copy')),
    [200, { msg: true }],
    'OR-ed from g-copy',
  );
  assert.deepEqual(await validate('admin', q(users.alice, a.inRack, su.ssh, '&action_name=upload_file')), [
    403,
    { msg: false },
  ]);
  assert.deepEqual(
    await validate('admin', q(users.alice, a.inRack, su.rdp, '&action_name=connect')),
    [403, { msg: false }],
    'rdp on an ssh host',
  );
  assert.deepEqual(
    await validate('admin', q(users.bob, a.loose, su.ssh, '&action_name=connect')),
    [200, { msg: true }],
    'through the group',
  );
  assert.deepEqual(await validate('admin', `?user_id=${users.alice}&asset_id=x&system_user_id=y&action_name=connect`), [
    403,
    { msg: false },
  ]);
  assert.deepEqual(
    await validate('g-alice', q(users.alice, a.loose, su.ssh, '&action_name=connect')),
    [200, { msg: true }],
    'a user asks about themself',
  );
  assert.equal(
    (await validate('g-alice', q(users.bob, a.loose, su.ssh, '&action_name=connect')))[0],
    403,
    'not about others',
  );
  assert.deepEqual(
    await validate('g-eng-admin', q(users.carol, a.eng, su.engSsh, '&action_name=connect'), engineering),
    [200, { msg: true }],
  );
  assert.equal((await validate('admin', q('00000000-0000-0000-0000-000000000009', a.loose, su.ssh)))[0], 404);
  const actions = await call('admin', `${BASE}user/actions/${q(users.alice, a.inRack, su.ssh)}`);
  assert.deepEqual(actions.json(), { actions: ['connect', 'download_file', 'clipboard_copy'] });
  assert.deepEqual((await call('admin', `${BASE}user/actions/${q(users.carol, a.inRack, su.ssh)}`)).json(), {
    actions: [],
  });
});

test("cache/refresh answers {msg: true} to org admins; system-users-permission lists the caller's system users of every org", async (t) => {
  const { call } = await setUp(t);
  assert.deepEqual((await call('admin', `${BASE}cache/refresh/`)).json(), { msg: true });
  assert.equal((await call('g-alice', `${BASE}cache/refresh/`)).statusCode, 403);
  const alice = (await call('g-alice', '/api/v1/perms/system-users-permission/')).json() as Row[];
  assert.deepEqual(
    alice.map((s) => s.name),
    ['g-rdp', 'g-ssh'],
    'by priority',
  );
  assert.deepEqual(
    Object.keys(alice[0]).sort(),
    [
      'auto_push',
      'cmd_filters',
      'comment',
      'created_by',
      'date_created',
      'id',
      'login_mode',
      'login_mode_display',
      'name',
      'priority',
      'protocol',
      'sftp_root',
      'shell',
      'sudo',
      'username',
      'username_same_with_user',
    ].sort(),
  );
  assert.deepEqual(
    (await call('g-carol', '/api/v1/perms/system-users-permission/')).json().map((s: Row) => s.name),
    ['g-eng-ssh'],
  );
  assert.equal(
    (await call('g-alice', '/api/v1/perms/users/asset-permissions/cache/', { method: 'DELETE' })).statusCode,
    204,
  );
});
