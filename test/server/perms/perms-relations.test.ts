// The five asset-permission relation endpoints (resources/asset-permission-relations.ts): display
// fields, the system-user side effects of an added link, and the org limits of an org admin.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantWorld } from './perms-world.ts';

type Row = Record<string, unknown>;
const BASE = '/api/v1/perms/asset-permissions-';

test('relations show the permission and the other side by name; nodes by full path', async (t) => {
  const { call, w, users, su, nodes, a, ops, db } = await grantWorld(t);
  const p = w.permission('g-shown', {
    users: [users.alice],
    groups: [ops],
    assets: [a.loose],
    nodes: [nodes.rack.id],
    systemUsers: [su.ssh],
  });
  const rows = async (kind: string) =>
    (await call('admin', `${BASE}${kind}-relations/?assetpermission=${p}`)).json() as Row[];
  const [user] = await rows('users');
  assert.deepEqual(
    [user.assetpermission, user.assetpermission_display, user.user, user.user_display],
    [p, 'g-shown', users.alice, 'g-alice'],
  );
  assert.equal(typeof user.id, 'number');
  assert.equal((await rows('user-groups'))[0].usergroup_display, 'g-ops');
  assert.equal((await rows('assets'))[0].asset_display, 'g-loose');
  assert.equal((await rows('nodes'))[0].node_display, 'Default / g-region / g-rack');
  assert.equal((await rows('system-users'))[0].systemuser_display, 'g-ssh(g-ssh)');
  const found = (await call('admin', `${BASE}nodes-relations/?search=g-rack`)).json() as Row[];
  assert.ok(
    found.some((row) => row.assetpermission === p),
    'search by the node name',
  );
  const link = (await rows('users'))[0];
  assert.equal((await call('admin', `${BASE}users-relations/${link.id}/`, { method: 'DELETE' })).statusCode, 204);
  assert.equal(
    db.prepare('SELECT COUNT(*) FROM asset_permission_users WHERE permission_id = ?').pluck().get(p),
    0,
    'deleting the row deletes the link',
  );
});

test("adding nodes, assets and users through relations links them to the permission's system users, as a permission write does", async (t) => {
  const { call, w, users, nodes, a, db } = await grantWorld(t);
  const same = w.systemUser('g-same', 'ssh', 20);
  db.prepare('UPDATE system_users SET username_same_with_user = 1 WHERE id = ?').run(same);
  const p = w.permission('g-effects', { systemUsers: [same] });
  const post = (kind: string, body: Row | Row[]) =>
    call('admin', `${BASE}${kind}-relations/`, { method: 'POST', body });
  assert.equal((await post('nodes', { assetpermission: p, node: nodes.rack.id })).statusCode, 201);
  const linked = (table: string, column: string) =>
    db.prepare(`SELECT ${column} FROM ${table} WHERE system_user_id = ? ORDER BY ${column}`).pluck().all(same);
  assert.deepEqual(linked('system_user_nodes', 'node_id'), [nodes.rack.id]);
  assert.deepEqual(
    linked('system_user_assets', 'asset_id'),
    [a.inRack, a.twice, a.windows, a.retired].sort(),
    'every asset under the node',
  );
  const added = await post('assets', [{ assetpermission: p, asset: a.loose }]);
  assert.equal(added.statusCode, 201, added.body);
  assert.ok(linked('system_user_assets', 'asset_id').includes(a.loose));
  assert.equal((await post('users', { assetpermission: p, user: users.alice })).statusCode, 201);
  assert.deepEqual(
    linked('system_user_users', 'user_id'),
    [users.alice],
    'username_same_with_user: the user is linked too',
  );
  const again = await post('users', { assetpermission: p, user: users.alice });
  assert.deepEqual(
    [again.statusCode, again.json()],
    [400, { non_field_errors: ['The fields assetpermission, user must make a unique set.'] }],
  );
  // What a relation add grants, the grant engine sees at once.
  const granted = (await call('g-alice', '/api/v1/perms/users/assets/')).json() as Row[];
  assert.deepEqual(granted.map((r) => r.hostname).sort(), ['g-loose', 'g-rack-host', 'g-twice', 'g-win']);
});

test('an org admin links only inside their org, and only to permissions of it', async (t) => {
  const { call, w, users, su, nodes, a, engineering, db } = await grantWorld(t);
  const engPermission = w.permission('g-eng-perm', { systemUsers: [su.engSsh], org: engineering });
  const defaultPermission = w.permission('g-default-perm', { systemUsers: [su.ssh] });
  const post = (kind: string, body: Row, org = engineering) =>
    call('g-eng-admin', `${BASE}${kind}-relations/`, { method: 'POST', body, org });
  const refused = async (kind: string, body: Row, field: string) => {
    const response = await post(kind, body);
    assert.equal(response.statusCode, 400, `${kind}: ${response.body}`);
    assert.ok(response.json()[field], `${kind}: error on ${field}`);
  };
  await refused('assets', { assetpermission: engPermission, asset: a.inRack }, 'asset');
  await refused('nodes', { assetpermission: engPermission, node: nodes.rack.id }, 'node');
  await refused('system-users', { assetpermission: engPermission, systemuser: su.ssh }, 'systemuser');
  await refused('users', { assetpermission: engPermission, user: users.alice }, 'user');
  await refused('assets', { assetpermission: defaultPermission, asset: a.eng }, 'assetpermission');
  assert.equal(
    (await post('assets', { assetpermission: defaultPermission, asset: a.inRack }, '')).statusCode,
    403,
    'no admin rights in DEFAULT',
  );
  assert.equal((await post('assets', { assetpermission: engPermission, asset: a.eng })).statusCode, 201);
  assert.equal((await post('users', { assetpermission: engPermission, user: users.carol })).statusCode, 201);
  assert.equal(
    db.prepare('SELECT COUNT(*) FROM asset_permission_assets WHERE permission_id = ?').pluck().get(defaultPermission),
    0,
  );
  const listed = (await call('g-eng-admin', `${BASE}assets-relations/`, { org: engineering })).json() as Row[];
  assert.ok(listed.every((row) => row.assetpermission !== defaultPermission));
  assert.equal(
    (await call('g-eng-auditor', `${BASE}assets-relations/`, { org: engineering })).statusCode,
    403,
    'auditors do not manage relations',
  );
});
