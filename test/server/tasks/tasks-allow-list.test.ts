// The outbound allow-list end to end: assets created through the API on an allowed (the test sshd)
// and a refused address, connectivity and hardware tasks on both, gateways on either side of the
// list, and a spy on the socket layer proving that nothing was ever attempted to a refused address.
import assert from 'node:assert/strict';
import { after, before, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build } from '../helpers.ts';
import { spyOnConnects } from '../support/socket-spy.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';
import { assetRow, followLog, insertAdminUser, taskResult } from '../support/task-fixtures.ts';

const ASSETS = '/api/v1/assets/assets/';
const ALLOWED = '127.0.0.0/8';
// Never reached: the point of these tests is that no packet is sent to it (TEST-NET-3, RFC 5737).
const REFUSED_IP = '203.0.113.10';
const REFUSAL = `Refused by the allow-list: ${REFUSED_IP} is outside the allowed target networks (${ALLOWED})`;

let sshd: TestSshd;
before(async () => {
  sshd = await startSshd();
});
after(async () => sshd?.stop());

async function setUp(t: TestContext) {
  const app = await build(t, { sshTimeoutMs: 5000, allowedTargets: ALLOWED });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const spy = spyOnConnects(t);
  return { app, headers, spy };
}

async function call(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: 'POST' | 'GET',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function runTask(
  app: FastifyInstance,
  headers: Record<string, string>,
  asset: string,
  action: 'test' | 'refresh',
) {
  const { task } = await call(app, headers, 'POST', `${ASSETS}${asset}/tasks/`, { action });
  const log = (await followLog(app, headers, task)).join('');
  return { log, result: (await taskResult(app, headers, task)).result };
}

const touched = (targets: string[], ip: string) => targets.filter((target) => target.startsWith(`${ip}:`));

test('an asset outside the list is refused without a socket; one inside is reached; both through the API', async (t) => {
  const { app, headers, spy } = await setUp(t);
  const admin = await call(app, headers, 'POST', '/api/v1/assets/admin-users/', {
    name: 'ops-root',
    username: sshd.username,
    password: sshd.password,
  });
  const create = (hostname: string, ip: string) =>
    call(app, headers, 'POST', ASSETS, {
      hostname,
      ip,
      platform: 'Linux',
      protocols: [`ssh/${sshd.port}`],
      admin_user: admin.id,
    });
  const inside = await create('inside-01', sshd.host);
  const outside = await create('outside-01', REFUSED_IP);
  await app.tasks.idle(); // the refresh + test every create queues

  for (const action of ['test', 'refresh'] as const) {
    const refused = await runTask(app, headers, outside.id, action);
    assert.match(refused.log, new RegExp(`outside-01: ${REFUSAL.replace(/[.()]/g, '\\$&')}\\r\\n`), refused.log);
    assert.doesNotMatch(refused.log, /Authenticated/);
    assert.deepEqual(refused.result, { ok: [], failed: { 'outside-01': REFUSAL }, skipped: {} });

    const reached = await runTask(app, headers, inside.id, action);
    assert.match(reached.log, /inside-01: Authenticated\r\n/, reached.log);
    assert.deepEqual(reached.result.ok, ['inside-01']);
  }

  assert.equal(assetRow(app, outside.id).connectivity_status, 0, 'refused is reported as unreachable');
  assert.equal((await call(app, headers, 'GET', `${ASSETS}${outside.id}/?draw=1`)).connectivity.status, 0);
  assert.equal(assetRow(app, inside.id).connectivity_status, 1);
  assert.ok(assetRow(app, inside.id).os_arch, 'the allowed asset got its hardware refreshed');

  assert.deepEqual(touched(spy.targets, REFUSED_IP), [], 'no connection was attempted to the refused address');
  assert.ok(
    touched(spy.targets, sshd.host).length >= 4,
    `the spy saw the allowed connections: ${spy.targets.join(', ')}`,
  );
});

test('a gateway outside the list is refused before its login; a refused target is not forwarded by an allowed gateway', async (t) => {
  const { app, headers, spy } = await setUp(t);
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const domain = (name: string) => call(app, headers, 'POST', '/api/v1/assets/domains/', { name });
  const gateway = (name: string, domainId: string, ip: string) =>
    call(app, headers, 'POST', '/api/v1/assets/gateways/', {
      name,
      ip,
      port: sshd.port,
      protocol: 'ssh',
      username: sshd.username,
      password: sshd.password,
      domain: domainId,
      is_active: true,
    });
  const far = await domain('far-dc');
  const farGateway = await gateway('far-gw', far.id, REFUSED_IP);
  const near = await domain('near-dc');
  await gateway('near-gw', near.id, sshd.host);
  const behindFar = await call(app, headers, 'POST', ASSETS, {
    hostname: 'behind-far',
    ip: sshd.host,
    platform: 'Linux',
    protocols: [`ssh/${sshd.port}`],
    admin_user: admin,
    domain: far.id,
  });
  const farTarget = await call(app, headers, 'POST', ASSETS, {
    hostname: 'far-target',
    ip: REFUSED_IP,
    platform: 'Linux',
    protocols: [`ssh/${sshd.port}`],
    admin_user: admin,
    domain: near.id,
  });
  await app.tasks.idle();

  const viaFar = await runTask(app, headers, behindFar.id, 'test');
  assert.deepEqual(viaFar.result.failed, { 'behind-far': `Gateway: ${REFUSAL}` });
  const forwarded = await runTask(app, headers, farTarget.id, 'test');
  assert.deepEqual(forwarded.result.failed, { 'far-target': REFUSAL });
  assert.doesNotMatch(forwarded.log, /Authenticated/);

  const check = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/gateways/${farGateway.id}/test-connective/`,
    headers,
    payload: {},
  });
  assert.equal(check.statusCode, 400);
  assert.deepEqual(check.json(), { error: REFUSAL });
  const zh = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/gateways/${farGateway.id}/test-connective/`,
    headers: { ...headers, 'accept-language': 'zh' },
    payload: {},
  });
  assert.match(zh.json().error, /^被允许列表拒绝：203\.0\.113\.10 不在允许连接的网络内/);

  assert.deepEqual(touched(spy.targets, REFUSED_IP), [], 'neither the gateway nor the target was contacted');
  const sshdLogins = spy.targets.filter((target) => target === `${sshd.host}:${sshd.port}`);
  assert.equal(sshdLogins.length, 0, 'the allowed gateway was not even logged in to for a refused target');
});

test('no list configured: every address may be tried (a real deployment)', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000, allowedTargets: '' });
  assert.equal(app.tasks.policy.unrestricted, true);
});
