// Asset tasks end to end against a real sshd: start through the API, follow the log to the end,
// read the result, and see what was recorded on the asset.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bearer, build } from '../helpers.ts';
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

async function startTask(
  app: Awaited<ReturnType<typeof build>>,
  headers: Record<string, string>,
  asset: string,
  action: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/assets/${asset}/tasks/`,
    headers,
    payload: { action },
  });
  assert.equal(response.statusCode, 201, response.body);
  const { task } = response.json();
  assert.match(task, /^[0-9a-f-]{36}$/);
  return task as string;
}

test('test connectivity with the right password: reachable, logged step by step', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const asset = insertAsset(app, {
    port: sshd.port,
    hostname: 'web-01',
    adminUser: insertAdminUser(app, { username: sshd.username, password: sshd.password }),
  });
  const task = await startTask(app, headers, asset, 'test');
  const log = (await followLog(app, headers, task)).join('');
  assert.match(log, new RegExp(`web-01: Connecting to 127\\.0\\.0\\.1:${sshd.port} as ${sshd.username}\\r\\n`));
  assert.match(log, /web-01: Authenticated\r\n/);
  assert.match(log, /Summary: 1 reachable, 0 unreachable, 0 skipped\r\n/);
  assert.doesNotMatch(log.replace(/\r\n/g, ''), /\n/, 'every line ends with \\r\\n');
  const result = await taskResult(app, headers, task);
  assert.deepEqual(result, { id: task, state: 'SUCCESS', result: { ok: ['web-01'], failed: {}, skipped: {} } });
  const row = assetRow(app, asset);
  assert.equal(row.connectivity_status, 1);
  assert.equal(row.connectivity_datetime, '2024-01-15T08:30:00.000Z');
});

test('test connectivity with the private key alone: reachable', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const asset = insertAsset(app, {
    port: sshd.port,
    adminUser: insertAdminUser(app, { username: sshd.username, private_key: sshd.privateKey }),
  });
  const task = await startTask(app, headers, asset, 'test');
  await followLog(app, headers, task);
  assert.equal(assetRow(app, asset).connectivity_status, 1);
});

test('a wrong password and a closed port are unreachable, the closed port at once', async (t) => {
  const app = await build(t, { sshTimeoutMs: 3000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const wrong = insertAsset(app, {
    port: sshd.port,
    hostname: 'wrong-pw',
    adminUser: insertAdminUser(app, { username: sshd.username, password: 'nope' }),
  });
  const closed = insertAsset(app, {
    port: await freePort(),
    hostname: 'closed',
    adminUser: insertAdminUser(app, { username: sshd.username, password: sshd.password }),
  });
  const started = Date.now();
  const closedLog = (await followLog(app, headers, await startTask(app, headers, closed, 'test'))).join('');
  assert.ok(Date.now() - started < 2000, `closed port took ${Date.now() - started} ms`);
  assert.match(closedLog, /closed: Unreachable: Connection refused\r\n/);
  const wrongTask = await startTask(app, headers, wrong, 'test');
  assert.match((await followLog(app, headers, wrongTask)).join(''), /wrong-pw: Unreachable: Authentication failed\r\n/);
  assert.deepEqual((await taskResult(app, headers, wrongTask)).result.failed, { 'wrong-pw': 'Authentication failed' });
  assert.equal(assetRow(app, wrong).connectivity_status, 0);
  assert.equal(assetRow(app, closed).connectivity_status, 0);
});

test('refresh hardware info fills os, arch, cpu, memory and disks from the host', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const asset = insertAsset(app, {
    port: sshd.port,
    hostname: 'hw',
    adminUser: insertAdminUser(app, { username: sshd.username, password: sshd.password }),
  });
  const log = (await followLog(app, headers, await startTask(app, headers, asset, 'refresh'))).join('');
  assert.match(log, /hw: \$ uname -m: \S+\r\n/);
  assert.match(log, /hw: \$ cat \/proc\/meminfo: MemTotal \d+\.\d G\r\n/);
  const row = assetRow(app, asset);
  for (const field of ['os', 'os_arch', 'cpu_model', 'memory', 'hostname_raw'])
    assert.ok(row[field], `${field} is empty`);
  assert.ok((row.cpu_vcpus as number) >= 1);
  assert.match(String(row.memory), /^\d+\.\d G$/);
  assert.match(String(row.disk_total), /^\d+\.\d G$/);
  assert.ok(Object.keys(JSON.parse(String(row.disk_info))).includes('/'));
  assert.equal(row.connectivity_status, 1);
});

test('an asset in a domain is reached through the domain gateway', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const { domain } = insertDomainWithGateway(app, sshd);
  const asset = insertAsset(app, {
    port: sshd.port,
    hostname: 'behind-gw',
    domain,
    adminUser: insertAdminUser(app, { username: sshd.username, password: sshd.password }),
  });
  const log = (await followLog(app, headers, await startTask(app, headers, asset, 'test'))).join('');
  assert.match(
    log,
    new RegExp(`behind-gw: Connecting to 127\\.0\\.0\\.1:${sshd.port} as ${sshd.username} via gateway gw-`),
  );
  assert.match(log, /behind-gw: Authenticated/);
  assert.equal(assetRow(app, asset).connectivity_status, 1);
});

test('assets without an admin user are skipped and keep their status', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const asset = insertAsset(app, { port: sshd.port, hostname: 'orphan', adminUser: null });
  const log = (await followLog(app, headers, await startTask(app, headers, asset, 'test'))).join('');
  assert.match(log, /orphan: Asset has no admin user, skipped\r\n/);
  assert.equal(assetRow(app, asset).connectivity_status, 2);
});
