// The granted-resource endpoints of §2.5 for assets (perms/granted-routes.ts) and favourites, driven
// over HTTP against the small world of perms-world.ts: what each caller gets back, and who is refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantWorld } from './perms-world.ts';

type Row = Record<string, unknown>;
const hostnames = (rows: Row[]) => rows.map((r) => String(r.hostname)).sort();

/** alice: the region subtree over ssh+rdp and one loose host; bob: the rack through his group; carol: Engineering. */
async function setUp(t: Parameters<typeof grantWorld>[0]) {
  const g = await grantWorld(t);
  const { w, users, su, nodes, a, ops, engineering, engGroup } = g;
  w.permission('g-region', {
    users: [users.alice],
    nodes: [nodes.region.id],
    systemUsers: [su.ssh, su.rdp],
    actions: ['connect', 'upload_file'],
  });
  w.permission('g-direct', { users: [users.alice], assets: [a.loose], systemUsers: [su.ssh], actions: ['connect'] });
  w.permission('g-group', { groups: [ops], nodes: [nodes.rack.id], systemUsers: [su.ssh] });
  w.permission('g-eng', { groups: [engGroup], assets: [a.eng], systemUsers: [su.engSsh], org: engineering });
  return g;
}

test('favourites: each user lists, adds and removes only their own; unstar by ?asset=', async (t) => {
  const { call, users, a, db } = await setUp(t);
  const url = '/api/v1/assets/favorite-assets/';
  const added = await call('g-alice', url, { method: 'POST', body: { asset: a.inRack } });
  assert.equal(added.statusCode, 201, added.body);
  assert.equal(added.json().asset, a.inRack);
  assert.equal(added.json().user, users.alice, 'the owner is the caller whatever is sent');
  assert.equal(
    (await call('g-alice', url, { method: 'POST', body: { asset: a.inRack } })).statusCode,
    400,
    'starred once',
  );
  assert.deepEqual((await call('g-alice', url, { method: 'POST', body: { asset: 'nope' } })).json(), {
    asset: ['Invalid pk "nope" - object does not exist.'],
  });
  await call('g-bob', url, { method: 'POST', body: { asset: a.inRack, user: users.alice } });
  assert.deepEqual(
    (await call('g-alice', url)).json().map((r: Row) => r.asset),
    [a.inRack],
  );
  assert.deepEqual(
    (await call('g-bob', url)).json().map((r: Row) => r.user),
    [users.bob],
    'bob sees only his own, sent user ignored',
  );
  assert.equal(
    (await call('g-bob', `${url}${added.json().id}/`, { method: 'DELETE' })).statusCode,
    404,
    "bob cannot remove alice's",
  );
  assert.equal((await call('g-alice', `${url}?asset=${a.inRack}`, { method: 'DELETE' })).statusCode, 204);
  const rows = (user: string) => db.prepare('SELECT asset FROM favorite_assets WHERE user = ?').pluck().all(user);
  assert.deepEqual([rows(users.alice), rows(users.bob)], [[], [a.inRack]], "alice's row is gone, bob's stays");
});

test('"my" asset list: granted active assets of every org, paged, searched, by node and by system user', async (t) => {
  const { call, nodes, su } = await setUp(t);
  const list = async (username: string, query = '') =>
    (await call(username, `/api/v1/perms/users/assets/${query}`)).json();
  assert.deepEqual(hostnames(await list('g-alice')), ['g-loose', 'g-rack-host', 'g-region-host', 'g-twice', 'g-win']);
  assert.deepEqual(hostnames(await list('g-bob')), ['g-rack-host', 'g-twice', 'g-win']);
  assert.deepEqual(
    hostnames(await list('g-carol', '')),
    ['g-eng-host'],
    'carol: Engineering grants although she asks from DEFAULT',
  );
  const page = await list('g-alice', '?limit=2&offset=2');
  assert.equal(page.count, 5);
  assert.deepEqual(
    page.results.map((r: Row) => r.hostname),
    ['g-region-host', 'g-twice'],
    'ordered by hostname',
  );
  const one = (await list('g-alice', '?search=rack'))[0];
  assert.deepEqual(Object.keys(one).sort(), [
    'comment',
    'domain',
    'hostname',
    'id',
    'ip',
    'org_id',
    'org_name',
    'os',
    'platform',
    'protocols',
  ]);
  assert.deepEqual(
    [one.hostname, one.protocols, one.platform, one.org_name],
    ['g-rack-host', ['ssh/22'], 'Linux', 'DEFAULT'],
  );
  assert.deepEqual(hostnames(await list('g-alice', `?node=${nodes.rack.id}`)), ['g-rack-host', 'g-twice', 'g-win']);
  assert.deepEqual(
    hostnames(await list('g-alice', `?node=${nodes.region.id}`)),
    ['g-region-host'],
    'node= alone: that node only',
  );
  assert.deepEqual(hostnames(await list('g-alice', `?node=${nodes.region.id}&all=1`)), [
    'g-rack-host',
    'g-region-host',
    'g-twice',
    'g-win',
  ]);
  assert.deepEqual(hostnames(await list('g-alice', `?system_user=${su.rdp}`)), [
    'g-rack-host',
    'g-region-host',
    'g-twice',
    'g-win',
  ]);
});

test('lazy tree: favourites node, org roots and their children with granted counts; children by key and id', async (t) => {
  const { call, nodes, a, engineering } = await setUp(t);
  await call('g-alice', '/api/v1/assets/favorite-assets/', { method: 'POST', body: { asset: a.twice } });
  await call('g-alice', '/api/v1/assets/favorite-assets/', { method: 'POST', body: { asset: a.eng } });
  const tree = (await call('g-alice', '/api/v1/perms/users/nodes/children/tree/')).json() as Row[];
  const names = tree.map((item) => [item.id, item.name, item.pId]);
  assert.deepEqual(
    names.slice(0, 2),
    [
      ['-12', 'Favorite (1)', ''],
      ['1', 'Default (5)', ''],
    ],
    'g-eng-host is starred but not granted: not counted',
  );
  assert.ok(names.some(([id, name, pId]) => id === nodes.region.key && name === 'g-region (4)' && pId === '1'));
  assert.ok(
    names.some(([id, name]) => id === nodes.other.key && name === 'g-other (1)'),
    "the loose host only: g-twice is granted through the region, so it sits under the rack (2.3's user tree)",
  );
  const region = tree.find((item) => item.id === nodes.region.key)!;
  assert.deepEqual(region.meta, {
    type: 'node',
    node: { id: nodes.region.id, name: 'g-region', value: 'g-region', key: nodes.region.key, assets_amount: 4 },
  });
  assert.equal(region.isParent, true);
  const children = (
    await call('g-alice', `/api/v1/perms/users/nodes/children/tree/?key=${nodes.region.key}`)
  ).json() as Row[];
  assert.deepEqual(
    children.map((item) => item.name),
    ['g-rack (3)'],
    'g-retired is inactive',
  );
  const byId = (
    await call('g-alice', `/api/v1/perms/users/nodes/children/tree/?id=${nodes.region.id}`)
  ).json() as Row[];
  assert.deepEqual(byId, children);
  assert.equal((await call('g-alice', '/api/v1/perms/users/nodes/children/tree/?key=9:9:9')).statusCode, 404);
  const carol = (await call('g-carol', '/api/v1/perms/users/nodes/children/tree/')).json() as Row[];
  const engRoot = carol.find((item) => item.pId === '' && item.id !== '-12')!;
  assert.equal((engRoot.meta as { node: Row }).node.assets_amount, 1);
  const engChild = carol.find((item) => item.pId === engRoot.id)!;
  assert.equal(engChild.name, 'g-eng-node (1)');
  assert.ok(engineering);
});

test('node assets: a node, its subtree, and the favourites node; unknown node 404', async (t) => {
  const { call, nodes, a } = await setUp(t);
  await call('g-alice', '/api/v1/assets/favorite-assets/', { method: 'POST', body: { asset: a.windows } });
  const assets = async (node: string, query = '') =>
    (await call('g-alice', `/api/v1/perms/users/nodes/${node}/assets/${query}`)).json();
  assert.deepEqual(hostnames(await assets(nodes.rack.id)), ['g-rack-host', 'g-twice', 'g-win']);
  assert.deepEqual(hostnames(await assets(nodes.region.id)), ['g-region-host']);
  assert.deepEqual(hostnames(await assets(nodes.region.id, '?all=1')), [
    'g-rack-host',
    'g-region-host',
    'g-twice',
    'g-win',
  ]);
  assert.deepEqual(hostnames(await assets('-12')), ['g-win']);
  assert.equal((await assets('-12', '?limit=1')).count, 1);
  assert.equal(
    (await call('g-alice', '/api/v1/perms/users/nodes/00000000-0000-0000-0000-000000000001/assets/')).statusCode,
    404,
  );
});

test('system users of an asset: protocol match, priority order, actions as names; 404 for an unknown asset', async (t) => {
  const { call, a, users } = await setUp(t);
  const of = async (username: string, url: string) => (await call(username, url)).json() as Row[];
  const rack = await of('g-alice', `/api/v1/perms/users/assets/${a.inRack}/system-users/`);
  assert.deepEqual(
    rack.map((s) => [s.name, s.protocol, s.actions]),
    [['g-ssh', 'ssh', ['connect', 'upload_file']]],
  );
  assert.deepEqual(Object.keys(rack[0]).sort(), [
    'actions',
    'id',
    'login_mode',
    'name',
    'priority',
    'protocol',
    'sftp_root',
    'username',
    'username_same_with_user',
  ]);
  assert.deepEqual(
    (await of('g-alice', `/api/v1/perms/users/assets/${a.windows}/system-users/`)).map((s) => s.name),
    ['g-rdp'],
  );
  assert.deepEqual(
    (await of('g-bob', `/api/v1/perms/users/assets/${a.inRack}/system-users/`)).map((s) => s.actions),
    [
      [
        'all',
        'connect',
        'upload_file',
        'download_file',
        'updownload',
        'clipboard_copy',
        'clipboard_paste',
        'clipboard_copy_paste',
      ],
    ],
  );
  assert.deepEqual(
    await of('g-bob', `/api/v1/perms/users/assets/${a.loose}/system-users/`),
    [],
    'not granted: nothing',
  );
  assert.deepEqual(
    (await of('admin', `/api/v1/perms/users/${users.alice}/assets/${a.inRack}/system-users/`)).map((s) => s.name),
    ['g-ssh'],
  );
  assert.equal(
    (await call('g-alice', '/api/v1/perms/users/assets/00000000-0000-0000-0000-000000000001/system-users/')).statusCode,
    404,
  );
});

test("one user's grants: an admin of the current org for its members only (2.3's IsOrgAdminOrAppUser)", async (t) => {
  const { call, users, engineering } = await setUp(t);
  const get = (username: string, user: string, org?: string) =>
    call(username, `/api/v1/perms/users/${user}/assets/`, { org });
  assert.deepEqual(hostnames((await get('admin', users.alice)).json()), [
    'g-loose',
    'g-rack-host',
    'g-region-host',
    'g-twice',
    'g-win',
  ]);
  assert.equal((await get('g-alice', users.alice)).statusCode, 403, 'a user reads their own through "my" only');
  assert.equal((await get('g-bob', users.alice)).statusCode, 403, 'a plain user cannot read another user');
  assert.equal((await get('g-eng-admin', users.alice)).statusCode, 403, 'an org admin has no say in DEFAULT');
  assert.equal(
    (await get('g-eng-admin', users.alice, engineering)).statusCode,
    404,
    'nor over users outside their org',
  );
  assert.deepEqual(hostnames((await get('g-eng-admin', users.carol, engineering)).json()), ['g-eng-host']);
  assert.equal((await get('g-eng-auditor', users.carol, engineering)).statusCode, 403, 'auditors do not read grants');
  assert.deepEqual(
    (await get('admin', users.carol)).json(),
    [],
    'in DEFAULT carol has nothing: the user variant is one org',
  );
  assert.equal((await call('g-alice', '/api/v1/perms/users/not-a-uuid/assets/')).statusCode, 403);
  assert.equal((await call('admin', '/api/v1/perms/users/not-a-uuid/assets/')).statusCode, 404);
  const tree = (await call('admin', `/api/v1/perms/users/${users.alice}/nodes/children/tree/`)).json() as Row[];
  assert.equal(tree[0].name, 'Favorite (0)');
  assert.equal((await call('g-alice', '/api/v1/perms/users/assets/', {})).statusCode, 200);
});

test("group grants: the group's own permissions, for admins of its org", async (t) => {
  const { call, ops, engGroup, engineering, a, nodes } = await setUp(t);
  const url = (group: string, path: string) => `/api/v1/perms/user-groups/${group}/${path}`;
  assert.deepEqual(hostnames((await call('admin', url(ops, 'assets/'))).json()), ['g-rack-host', 'g-twice', 'g-win']);
  assert.equal(
    (await call('g-bob', url(ops, 'assets/'))).statusCode,
    403,
    "members do not read their group's grants here",
  );
  assert.equal(
    (await call('g-eng-admin', url(ops, 'assets/'), { org: engineering })).statusCode,
    404,
    'a group of another org',
  );
  assert.deepEqual(hostnames((await call('g-eng-admin', url(engGroup, 'assets/'), { org: engineering })).json()), [
    'g-eng-host',
  ]);
  assert.equal(
    (await call('g-eng-auditor', url(engGroup, 'assets/'), { org: engineering })).statusCode,
    403,
    'auditors do not',
  );
  const tree = (await call('admin', url(ops, 'nodes/children/tree/'))).json() as Row[];
  assert.ok(!tree.some((item) => item.id === '-12'), 'no favourites for a group');
  assert.ok(tree.some((item) => item.id === nodes.region.key && item.name === 'g-region (3)'));
  assert.deepEqual(
    (await call('admin', url(ops, `assets/${a.inRack}/system-users/`))).json().map((s: Row) => s.name),
    ['g-ssh'],
  );
  assert.deepEqual(hostnames((await call('admin', url(ops, `nodes/${nodes.rack.id}/assets/`))).json()), [
    'g-rack-host',
    'g-twice',
    'g-win',
  ]);
  const rows = (await call('admin', url(ops, 'nodes/'))).json() as Row[];
  assert.deepEqual(
    rows.map((r) => [r.value, r.assets_amount]),
    [
      ['Default', 3],
      ['g-region', 3],
      ['g-rack', 3],
    ],
  );
});

test('the demo seed stars granted hosts for its users, shown under their favourites node', async (t) => {
  const { call } = await grantWorld(t);
  const favorites = (await call('user', '/api/v1/assets/favorite-assets/')).json() as Row[];
  assert.equal(favorites.length, 2);
  const tree = (await call('user', '/api/v1/perms/users/nodes/children/tree/')).json() as Row[];
  assert.equal(tree[0].name, 'Favorite (2)');
  const starred = (await call('user', '/api/v1/perms/users/nodes/-12/assets/')).json() as Row[];
  assert.deepEqual(starred.map((r) => r.id).sort(), favorites.map((r) => r.asset).sort());
});

test('grants reused between calls follow every write and every permission window at once', async (t) => {
  const { app, call, users, su, a, nodes, db } = await setUp(t);
  const list = async () => hostnames((await call('g-alice', '/api/v1/perms/users/assets/')).json());
  const tree = async () =>
    ((await call('g-alice', '/api/v1/perms/users/nodes/children/tree/')).json() as Row[]).map((r) => r.name);
  assert.equal((await list()).length, 5);
  const created = await call('admin', '/api/v1/perms/asset-permissions/', {
    method: 'POST',
    body: {
      name: 'g-short',
      users: [users.alice],
      assets: [a.retired],
      system_users: [su.ssh],
      date_expired: new Date(app.clock.now() + 3_600_000).toISOString(),
    },
  });
  assert.equal(created.statusCode, 201, created.body);
  db.prepare('UPDATE assets SET is_active = 1 WHERE id = ?').run(a.retired);
  assert.ok((await list()).includes('g-retired'), 'a write shows at once (the asset came back to life)');
  assert.ok((await tree()).includes('g-other (1)'));
  db.prepare('DELETE FROM asset_permission_nodes WHERE node_id = ?').run(nodes.region.id);
  assert.deepEqual(await list(), ['g-loose', 'g-retired'], 'and so does a removed link');
  app.clock.advance(2 * 3_600_000);
  assert.deepEqual(await list(), ['g-loose'], 'a permission ending drops its assets without any write');
});

test('with PERM_SINGLE_ASSET_TO_UNGROUP_NODE, single assets outside granted nodes sit under the ungrouped node -10', async (t) => {
  const { app, call, a } = await setUp(t);
  app.bastion.settings.set('PERM_SINGLE_ASSET_TO_UNGROUP_NODE', true, 'perm');
  const tree = (await call('g-alice', '/api/v1/perms/users/nodes/children/tree/')).json() as Row[];
  assert.deepEqual(
    tree.slice(0, 3).map((item) => [item.id, item.name]),
    [
      ['-12', 'Favorite (0)'],
      ['-10', 'Ungrouped (1)'],
      ['1', 'Default (4)'],
    ],
    'the root counts what sits under it',
  );
  assert.ok(!tree.some((item) => item.name === 'g-other (1)'), 'g-loose is no longer placed on its own node');
  assert.deepEqual(
    (await call('g-alice', '/api/v1/perms/users/nodes/-10/assets/')).json().map((r: Row) => r.id),
    [a.loose],
  );
});
