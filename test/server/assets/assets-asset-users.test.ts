// /api/v1/assets/asset-users/ (§2.3) over the seeded Engineering org: one row per (asset, account) from
// the admin user, the linked system users and a dynamic system user's users, 2.3's union ids and
// fields, its filters (asset_id, node_id, prefer/prefer_id, system_user_id, username, latest=1, search),
// what DELETE unlinks, who may call; and asset-users/tasks/ testing one account against the real sshd.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { assetsApp } from './assets-fixture.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';
import { followLog, insertAdminUser, insertAsset, taskResult } from '../support/task-fixtures.ts';
import { bearer } from '../helpers.ts';

const URL = '/api/v1/assets/asset-users/';
type Row = Record<string, unknown>;

let sshd: TestSshd;
before(async () => {
  sshd = await startSshd();
});
after(async () => sshd?.stop());

test('rows, fields and union ids: the admin user and each linked system user of an asset', async (t) => {
  const { get, db, assetId } = await assetsApp(t);
  const asset = assetId('bj-db-01');
  const rows = (await get(`${URL}?asset_id=${asset}`)) as Row[];
  const admin = db.prepare('SELECT admin_user FROM assets WHERE id = ?').pluck().get(asset) as string;
  const linked = db
    .prepare(
      `SELECT su.id, su.username FROM system_user_assets sa JOIN system_users su ON su.id = sa.system_user_id
    WHERE sa.asset_id = ?`,
    )
    .all(asset) as { id: string; username: string }[];
  assert.ok(
    linked.some((su) => su.username === 'deploy'),
    'the seed links deploy to Beijing',
  );
  assert.deepEqual(
    rows.map((r) => [r.id, r.username, r.backend]).sort(),
    [
      [`${admin}_${asset}`, 'root', 'admin_user'],
      ...linked.map((su) => [`${su.id}_${asset}`, su.username, 'system_user']),
    ].sort(),
  );
  assert.deepEqual(
    Object.keys(rows[0]).sort(),
    [
      'asset',
      'backend',
      'comment',
      'date_created',
      'date_updated',
      'hostname',
      'id',
      'ip',
      'org_id',
      'org_name',
      'username',
      'version',
    ].sort(),
  );
  assert.deepEqual(
    [rows[0].asset, rows[0].hostname, rows[0].ip, rows[0].version],
    [asset, 'bj-db-01', db.prepare('SELECT ip FROM assets WHERE id = ?').pluck().get(asset), 0],
  );
  assert.match(String(rows[0].date_created), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/);
  assert.ok(!('password' in rows[0]), 'no secret here');
  const one = await get(`${URL}${admin}_${asset}/`);
  assert.equal(one.username, 'root');
});

test('filters: prefer, prefer_id, system_user_id, username, node_id, search, latest=1, paging', async (t) => {
  const { get, db, eng, nodeId, assetId } = await assetsApp(t);
  const deploy = db
    .prepare("SELECT id FROM system_users WHERE name = 'deploy' AND org_id = ?")
    .pluck()
    .get(eng) as string;
  const linked = db
    .prepare('SELECT COUNT(*) FROM system_user_assets WHERE system_user_id = ?')
    .pluck()
    .get(deploy) as number;
  assert.ok(linked > 0);
  const ofDeploy = (await get(`${URL}?prefer=system_user&prefer_id=${deploy}`)) as Row[];
  assert.equal(ofDeploy.length, linked);
  assert.ok(ofDeploy.every((r) => r.username === 'deploy' && String(r.id).startsWith(`${deploy}_`)));
  assert.equal((await get(`${URL}?system_user_id=${deploy}`)).length, linked);
  const admins = (await get(`${URL}?prefer=admin_user`)) as Row[];
  assert.equal(
    admins.length,
    db.prepare('SELECT COUNT(*) FROM assets WHERE org_id = ? AND admin_user IS NOT NULL').pluck().get(eng),
  );
  assert.ok(admins.every((r) => r.backend === 'admin_user'));
  assert.equal((await get(`${URL}?prefer=db`)).length, 0, 'no AuthBook version seeded');
  assert.ok(((await get(`${URL}?username=deploy`)) as Row[]).every((r) => r.username === 'deploy'));
  const web = (await get(`${URL}?node_id=${nodeId('Web')}&prefer=admin_user`)) as Row[];
  assert.equal(
    web.length,
    (await get(`/api/v1/assets/assets/?node_id=${nodeId('Web')}`)).length,
    "node_id: the node's own assets",
  );
  assert.ok(
    ((await get(`${URL}?search=bj-db`)) as Row[]).every((r) => String(r.hostname).startsWith('bj-db')),
    'search: starts with',
  );
  const page = await get(`${URL}?prefer=system_user&prefer_id=${deploy}&limit=2&offset=0`);
  assert.deepEqual([page.count, page.results.length], [linked, 2]);

  // latest=1: one row per (asset, username); the admin user (score 200) beats a system user of the same name.
  const asset = assetId('bj-db-01');
  db.prepare("UPDATE system_users SET username = 'root' WHERE id = ?").run(deploy);
  const both = (await get(`${URL}?asset_id=${asset}&username=root`)) as Row[];
  assert.deepEqual(both.map((r) => r.backend).sort(), ['admin_user', 'system_user']);
  const latest = (await get(`${URL}?asset_id=${asset}&username=root&latest=1`)) as Row[];
  assert.deepEqual(
    latest.map((r) => r.backend),
    ['admin_user'],
  );
  const all = (await get(`${URL}?asset_id=${asset}`)) as Row[];
  assert.equal((await get(`${URL}?asset_id=${asset}&latest=1`)).length, all.length - 1, 'only the shadowed row goes');
});

test('a dynamic system user gives one row per user; DELETE unlinks, an admin-user row is refused', async (t) => {
  const { call, get, db, eng, assetId } = await assetsApp(t);
  const asset = assetId('bj-db-02');
  const dynamic = uuid();
  db.prepare(
    `INSERT INTO system_users (id, name, username, username_same_with_user, org_id, date_created, date_updated)
    VALUES (?, 'per-user', '', 1, ?, '2024-01-01', '2024-01-01')`,
  ).run(dynamic, eng);
  db.prepare('INSERT INTO system_user_assets (system_user_id, asset_id) VALUES (?, ?)').run(dynamic, asset);
  const users = ['liwei', 'jsmith'].map(
    (u) => db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(u) as string,
  );
  for (const user of users)
    db.prepare('INSERT INTO system_user_users (system_user_id, user_id) VALUES (?, ?)').run(dynamic, user);
  const rows = (await get(`${URL}?prefer_id=${dynamic}`)) as Row[];
  assert.deepEqual(rows.map((r) => [r.username, r.backend, r.id]).sort(), [
    ['jsmith', 'system_user_dynamic', `${dynamic}_${asset}_${users[1]}`],
    ['liwei', 'system_user_dynamic', `${dynamic}_${asset}_${users[0]}`],
  ]);

  // Deleting a dynamic row removes that user; the last one takes the asset link with it (2.3).
  assert.equal((await call('DELETE', `${URL}${dynamic}_${asset}_${users[0]}/`)).statusCode, 204);
  assert.equal(db.prepare('SELECT COUNT(*) FROM system_user_users WHERE system_user_id = ?').pluck().get(dynamic), 1);
  assert.equal((await call('DELETE', `${URL}${dynamic}_${asset}_${users[1]}/`)).statusCode, 204);
  assert.equal(db.prepare('SELECT COUNT(*) FROM system_user_assets WHERE system_user_id = ?').pluck().get(dynamic), 0);

  const deploy = db
    .prepare("SELECT id FROM system_users WHERE name = 'deploy' AND org_id = ?")
    .pluck()
    .get(eng) as string;
  const linkedAsset = db
    .prepare('SELECT asset_id FROM system_user_assets WHERE system_user_id = ? LIMIT 1')
    .pluck()
    .get(deploy) as string;
  assert.equal((await call('DELETE', `${URL}${deploy}_${linkedAsset}/`)).statusCode, 204);
  assert.equal(
    db.prepare('SELECT 1 FROM system_user_assets WHERE system_user_id = ? AND asset_id = ?').get(deploy, linkedAsset),
    undefined,
    'the system user left the asset',
  );

  const admin = db.prepare('SELECT admin_user FROM assets WHERE id = ?').pluck().get(asset) as string;
  const refused = await call('DELETE', `${URL}${admin}_${asset}/`);
  assert.deepEqual([refused.statusCode, refused.json()], [400, { error: 'Could not remove asset admin user' }]);
  assert.equal(db.prepare('SELECT admin_user FROM assets WHERE id = ?').pluck().get(asset), admin);
});

test('access: org admins in their org only, auditors and users refused, anonymous 401', async (t) => {
  const { call, app, ops, assetId, db } = await assetsApp(t);
  const asset = assetId('bj-db-01');
  const admin = db.prepare('SELECT admin_user FROM assets WHERE id = ?').pluck().get(asset) as string;
  assert.equal((await call('GET', URL, undefined, { as: 'orgadmin' })).statusCode, 200);
  for (const as of ['orgauditor', 'user'])
    assert.equal((await call('GET', URL, undefined, { as })).statusCode, 403, as);
  const forged = await call('GET', `${URL}?asset_id=${asset}`, undefined, { as: 'orgadmin', org: ops });
  assert.equal(forged.statusCode, 403, 'Operations is not administered by orgadmin');
  const fromOps = await call('GET', `${URL}${admin}_${asset}/`, undefined, { org: ops });
  assert.equal(fromOps.statusCode, 404, 'a row of another org is not found');
  assert.equal((await app.inject({ method: 'GET', url: URL })).statusCode, 401);
  assert.equal((await call('DELETE', `${URL}${admin}_${asset}/`, undefined, { as: 'orgauditor' })).statusCode, 403);
});

test('asset-users/tasks/ tests the selected accounts with their own credentials on the real sshd', async (t) => {
  const { app } = await assetsApp(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const asset = insertAsset(app, { port: sshd.port, adminUser: admin, hostname: 'au-target' });
  const wrong = insertAdminUser(app, { username: sshd.username, password: 'not-it' });
  const other = insertAsset(app, { port: sshd.port, adminUser: wrong, hostname: 'au-other' });
  const start = async (query: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `${URL}tasks/${query}`,
      headers,
      payload: { action: 'test' },
    });
    assert.equal(response.statusCode, 201, response.body);
    const { task } = response.json();
    await followLog(app, headers, task);
    return { task, result: (await taskResult(app, headers, task)).result };
  };
  const one = await start(`?id=${admin}_${asset}`);
  assert.deepEqual(one.result, { ok: [`${sshd.username}@au-target`], failed: {}, skipped: {} });
  const name = app.bastion.db.prepare('SELECT name FROM celery_tasks WHERE id = ?').pluck().get(one.task);
  assert.equal(name, `Test asset user connectivity: ${sshd.username}@au-target(127.0.0.1)`);
  const bad = await start(`?asset_id=${other}`);
  assert.match(bad.result.failed[`${sshd.username}@au-other`], /Authentication failed/);
  const invalid = await app.inject({ method: 'POST', url: `${URL}tasks/`, headers, payload: { action: 'push' } });
  assert.deepEqual([invalid.statusCode, invalid.json()], [400, { action: ['"push" is not a valid choice.'] }]);
  const asUser = await app.inject({
    method: 'POST',
    url: `${URL}tasks/`,
    headers: await bearer(app, 'user'),
    payload: { action: 'test' },
  });
  assert.equal(asUser.statusCode, 403);
});
