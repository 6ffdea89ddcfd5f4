// Task-starting endpoints beyond one asset (admin user, node subtree, gateway check), their input
// errors, and who may start what in which organisation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { bearer, build, orgId } from '../helpers.ts';
import { freePort, startSshd, type TestSshd } from '../support/sshd.ts';
import {
  assetRow,
  followLog,
  insertAdminUser,
  insertAsset,
  insertDomainWithGateway,
  taskResult,
} from '../support/task-fixtures.ts';

let sshd: TestSshd;
before(async () => {
  sshd = await startSshd();
});
after(async () => sshd?.stop());

type App = Awaited<ReturnType<typeof build>>;
const post = (app: App, url: string, headers: Record<string, string>, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

function insertNode(app: App, key: string, value: string, orgIdValue = ''): string {
  const id = uuid();
  app.bastion.db
    .prepare('INSERT INTO nodes (id, key, parent_key, value, org_id, date_create) VALUES (?, ?, ?, ?, ?, ?)')
    .run(
      id,
      key,
      key.includes(':') ? key.slice(0, key.lastIndexOf(':')) : '',
      value,
      orgIdValue,
      '2024-01-15T08:30:00.000Z',
    );
  return id;
}
const putOnNode = (app: App, asset: string, node: string): void => {
  app.bastion.db.prepare('INSERT INTO asset_nodes (asset_id, node_id) VALUES (?, ?)').run(asset, node);
};

test('a node task tests every asset of the subtree, and only those', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const good = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const parent = insertNode(app, '77', 'Servers');
  const child = insertNode(app, '77:1', 'Web');
  const onChild = insertAsset(app, { port: sshd.port, hostname: 'child-host', adminUser: good });
  const onParent = insertAsset(app, {
    port: sshd.port,
    hostname: 'parent-host',
    adminUser: insertAdminUser(app, { username: sshd.username, password: 'bad' }),
  });
  const elsewhere = insertAsset(app, { port: sshd.port, hostname: 'elsewhere', adminUser: good });
  putOnNode(app, onChild, child);
  putOnNode(app, onParent, parent);

  const response = await post(app, `/api/v1/assets/nodes/${parent}/tasks/`, headers, { action: 'test' });
  assert.equal(response.statusCode, 201);
  await followLog(app, headers, response.json().task);
  const { result } = await taskResult(app, headers, response.json().task);
  assert.deepEqual(result, { ok: ['child-host'], failed: { 'parent-host': 'Authentication failed' }, skipped: {} });
  assert.equal(assetRow(app, elsewhere).connectivity_status, 2);

  const refresh = await post(app, `/api/v1/assets/nodes/${child}/tasks/`, headers, { action: 'refresh' });
  await followLog(app, headers, refresh.json().task);
  assert.ok(assetRow(app, onChild).os, 'hardware of the child node asset');
  assert.equal(assetRow(app, onParent).os, null);

  const zero = await post(app, '/api/v1/assets/nodes/00000000-0000-0000-0000-000000000000/tasks/', headers, {
    action: 'refresh_cache',
  });
  assert.equal(zero.statusCode, 201);
  assert.deepEqual(zero.json(), { task: '0' });
  const missing = await post(app, `/api/v1/assets/nodes/${uuid()}/tasks/`, headers, { action: 'test' });
  assert.equal(missing.statusCode, 404);
});

test("an admin user's connectivity check tests the assets that use it (GET, 200)", async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const one = insertAsset(app, { port: sshd.port, hostname: 'au-1', adminUser: admin });
  const two = insertAsset(app, { port: sshd.port, hostname: 'au-2', adminUser: admin });
  const response = await app.inject({ method: 'GET', url: `/api/v1/assets/admin-users/${admin}/connective/`, headers });
  assert.equal(response.statusCode, 200);
  await followLog(app, headers, response.json().task);
  assert.deepEqual((await taskResult(app, headers, response.json().task)).result.ok, ['au-1', 'au-2']);
  assert.equal(assetRow(app, one).connectivity_status, 1);
  assert.equal(assetRow(app, two).connectivity_status, 1);
});

test('gateway test-connective: "ok", or a 400 with the reason', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const check = (gateway: string, payload: unknown = {}) =>
    post(app, `/api/v1/assets/gateways/${gateway}/test-connective/`, headers, payload);
  const { gateway } = insertDomainWithGateway(app, sshd);
  const ok = await check(gateway);
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.json(), 'ok');
  const closedPort = await freePort();
  assert.deepEqual((await check(gateway, { port: closedPort })).json(), {
    error: `Unable to connect to port ${closedPort} on 127.0.0.1`,
  });
  assert.deepEqual((await check(gateway, { port: 'abc' })).json(), { port: ['Number required'] });
  const wrong = await check(insertDomainWithGateway(app, sshd, 'wrongpassword').gateway);
  assert.equal(wrong.statusCode, 400);
  assert.deepEqual(wrong.json(), { error: 'Authentication failed' });
  assert.deepEqual((await check(insertDomainWithGateway(app, sshd, 'bad-pw!').gateway)).json(), {
    error: 'Password should not contain special characters',
  });
  assert.equal((await check(uuid())).statusCode, 404);
});

test("only org admins start tasks, only in their org; the org's auditor reads the log, a plain user does not", async (t) => {
  const app = await build(t, { sshTimeoutMs: 3000 });
  const engineering = orgId(app, 'Engineering');
  const orgadmin = await bearer(app, 'orgadmin');
  const inEngineering = { ...orgadmin, 'x-jms-org': engineering };
  const user = { ...(await bearer(app, 'user')), 'x-jms-org': engineering };
  const defaultAsset = insertAsset(app, { port: sshd.port, adminUser: null });
  const engAdmin = insertAdminUser(app, { username: sshd.username, password: sshd.password }, engineering);
  const engAsset = insertAsset(app, { port: sshd.port, adminUser: engAdmin, orgId: engineering });
  const { gateway } = insertDomainWithGateway(app, sshd, sshd.password);
  const node = insertNode(app, '78', 'Default node');

  assert.equal(
    (await post(app, `/api/v1/assets/assets/${defaultAsset}/tasks/`, inEngineering, { action: 'test' })).statusCode,
    404,
  );
  assert.equal(
    (await post(app, `/api/v1/assets/assets/${engAsset}/tasks/`, orgadmin, { action: 'test' })).statusCode,
    403,
  );
  assert.equal((await post(app, `/api/v1/assets/gateways/${gateway}/test-connective/`, inEngineering)).statusCode, 404);
  assert.equal(
    (await post(app, `/api/v1/assets/nodes/${node}/tasks/`, inEngineering, { action: 'test' })).statusCode,
    404,
  );
  for (const [method, url] of [
    ['POST', `/api/v1/assets/assets/${engAsset}/tasks/`],
    ['GET', `/api/v1/assets/admin-users/${engAdmin}/connective/`],
    ['POST', `/api/v1/assets/nodes/${node}/tasks/`],
    ['POST', `/api/v1/assets/gateways/${gateway}/test-connective/`],
  ] as const) {
    assert.equal(
      (await app.inject({ method, url, headers: user, ...(method === 'POST' ? { payload: { action: 'test' } } : {}) }))
        .statusCode,
      403,
      url,
    );
  }

  const started = await post(app, `/api/v1/assets/assets/${engAsset}/tasks/`, inEngineering, { action: 'test' });
  assert.equal(started.statusCode, 201);
  // The log is for the creator and the org's admins/auditors (task-log-access.test.ts), not every user.
  const auditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': engineering };
  const log = (await followLog(app, auditor, started.json().task)).join('');
  assert.match(log, /认证成功/, 'written in the language of the request that started it (zh by default)');
  const hidden = await app.inject({
    method: 'GET',
    url: `/api/v1/ops/celery/task/${started.json().task}/log/`,
    headers: { ...user, 'accept-language': 'en' },
  });
  assert.deepEqual(hidden.json(), { data: 'Waiting task start' });
});

test('the action must be given and be one of the choices', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const asset = insertAsset(app, { port: 22, adminUser: null });
  assert.deepEqual((await post(app, `/api/v1/assets/assets/${asset}/tasks/`, headers, {})).json(), {
    action: ['This field is required.'],
  });
  const bad = await post(app, `/api/v1/assets/assets/${asset}/tasks/`, headers, { action: 'refresh_cache' });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(bad.json(), { action: ['"refresh_cache" is not a valid choice.'] });
});
