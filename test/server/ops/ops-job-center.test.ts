// The job center (§2.7) against the real sshd: every job the runner takes is a task with versions and
// runs; tasks/<id>/run/ makes a new run; the task-log WebSocket streams a log to its end; org scoping
// and roles hold.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { bearer, build, loginSession, orgId } from '../helpers.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';
import { followLog, insertAdminUser, insertAsset } from '../support/task-fixtures.ts';

let sshd: TestSshd;
before(async () => {
  sshd = await startSshd();
});
after(async () => sshd?.stop());

const OPS = '/api/v1/ops';

async function get(app: FastifyInstance, headers: Record<string, string>, url: string) {
  const response = await app.inject({ method: 'GET', url, headers });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

async function startAssetTest(app: FastifyInstance, headers: Record<string, string>, asset: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/assets/${asset}/tasks/`,
    headers,
    payload: { action: 'test' },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().task;
}

test('a job is recorded as a task, its version and its run; running it again adds a run of the same version', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const asset = insertAsset(app, { port: sshd.port, adminUser: admin, hostname: 'jc-web' });
  const first = await startAssetTest(app, headers, asset);
  await followLog(app, headers, first);

  const tasks = await get(app, headers, `${OPS}/tasks/?search=jc-web`);
  assert.equal(tasks.length, 1);
  const task = tasks[0];
  assert.equal(task.name, 'Test assets connectivity: jc-web');
  assert.deepEqual(task.summary, { total: 1, success: 1, failed: 0 });
  assert.equal(task.latest_execution.id, first, 'a run is its runner task: the same id, the same log');
  assert.deepEqual(
    [task.latest_execution.is_finished, task.latest_execution.is_success, task.latest_execution.last_success],
    [true, true, ['jc-web']],
  );
  const detail = await get(app, headers, `${OPS}/tasks/${task.id}/`);
  assert.deepEqual(detail.contents, [{ name: 'test_ping', action: { module: 'ping', args: '' } }]);

  const versions = await get(app, headers, `${OPS}/adhoc/?task=${task.id}`);
  assert.equal(versions.length, 1);
  assert.deepEqual([versions[0].hosts, versions[0].run_as_admin, versions[0].pattern], [[asset], true, 'all']);

  const again = await get(app, headers, `${OPS}/tasks/${task.id}/run/`);
  assert.notEqual(again.task, first);
  const log = (await followLog(app, headers, again.task)).join('');
  assert.match(log, /jc-web: Authenticated/, 'the new run did the job again, over SSH');
  const runs = await get(app, headers, `${OPS}/adhoc-executions/?task=${task.id}`);
  assert.deepEqual(runs.map((run: { id: string }) => run.id).sort(), [first, again.task].sort());
  assert.ok(
    runs.every((run: { adhoc: string }) => run.adhoc === versions[0].id),
    'the same job is the same version',
  );
  assert.equal((await get(app, headers, `${OPS}/adhoc/?task=${task.id}`)).length, 1);
  const version = await get(app, headers, `${OPS}/adhoc/${versions[0].id}/`);
  assert.deepEqual([version.run_times, version.task_name, version.latest_execution.is_success], [2, task.name, true]);
  assert.deepEqual((await get(app, headers, `${OPS}/tasks/${task.id}/`)).summary, { total: 2, success: 2, failed: 0 });

  // Another host under the same admin user: the same task name, a new version.
  const down = insertAsset(app, { port: 1, adminUser: admin, hostname: 'jc-down' });
  const check = await get(app, headers, `/api/v1/assets/admin-users/${admin}/connective/`);
  await followLog(app, headers, check.task);
  const connective = (
    await get(
      app,
      headers,
      `${OPS}/tasks/?name=${encodeURIComponent(`Test admin user connectivity: admin-${admin.slice(0, 8)}`)}`,
    )
  )[0];
  assert.deepEqual(connective.latest_execution.last_failure, { 'jc-down': 'Connection refused' });
  assert.equal(connective.latest_execution.is_success, false);
  const run = await get(app, headers, `${OPS}/adhoc-executions/${check.task}/`);
  assert.deepEqual(
    [run.stat, run.result.ok, run.summary.contacted],
    [{ total: 2, success: 1, failed: 1 }, ['jc-web'], ['jc-web']],
  );
  assert.ok(down);

  const removed = await app.inject({ method: 'DELETE', url: `${OPS}/tasks/${task.id}/`, headers });
  assert.equal(removed.statusCode, 204, removed.body);
  assert.equal((await get(app, headers, `${OPS}/adhoc/?task=${task.id}`)).length, 0, 'its versions go with it');
  assert.equal((await app.inject({ method: 'GET', url: `${OPS}/tasks/${task.id}/run/`, headers })).statusCode, 404);
});

test('tasks are seen in their org only, by its admins; other roles are refused', async (t) => {
  const app = await build(t, { sshTimeoutMs: 3000 });
  const eng = orgId(app, 'Engineering');
  const adminHeaders = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const engAsset = insertAsset(app, {
    port: 1,
    adminUser: insertAdminUser(app, { username: 'x', password: 'y' }, eng),
    hostname: 'jc-eng',
    orgId: eng,
  });
  const inEng = { ...adminHeaders, 'x-jms-org': eng };
  const task = await startAssetTest(app, inEng, engAsset);
  await followLog(app, inEng, task);
  const names = async (headers: Record<string, string>) =>
    (await get(app, headers, `${OPS}/adhoc-executions/`)).map((run: { task_display: string }) => run.task_display);
  assert.ok((await names(inEng)).includes('Test assets connectivity: jc-eng'));
  assert.ok(
    !(await names(adminHeaders)).includes('Test assets connectivity: jc-eng'),
    'DEFAULT does not see an Engineering run',
  );
  assert.ok((await names({ ...adminHeaders, 'x-jms-org': 'ROOT' })).includes('Test assets connectivity: jc-eng'));
  const engTask = (
    await get(app, inEng, `${OPS}/tasks/?name=${encodeURIComponent('Test assets connectivity: jc-eng')}`)
  )[0];
  assert.equal(
    (await app.inject({ method: 'GET', url: `${OPS}/tasks/${engTask.id}/run/`, headers: adminHeaders })).statusCode,
    404,
    'nor runs it',
  );

  // Role matrix: the org's admin sees and runs its tasks; auditors and plain users are refused (IsOrgAdmin).
  const orgAdmin = { ...(await bearer(app, 'orgadmin')), 'accept-language': 'en', 'x-jms-org': eng };
  assert.ok((await get(app, orgAdmin, `${OPS}/tasks/`)).some((task: { id: string }) => task.id === engTask.id));
  const rerun = await get(app, orgAdmin, `${OPS}/tasks/${engTask.id}/run/`);
  await followLog(app, orgAdmin, rerun.task);
  for (const username of ['user', 'orgauditor', 'sysauditor']) {
    const headers = { ...(await bearer(app, username)), 'accept-language': 'en', 'x-jms-org': eng };
    for (const url of [
      `${OPS}/tasks/`,
      `${OPS}/tasks/${engTask.id}/`,
      `${OPS}/adhoc/`,
      `${OPS}/adhoc-executions/`,
      `${OPS}/tasks/${engTask.id}/run/`,
    ]) {
      assert.equal((await app.inject({ method: 'GET', url, headers })).statusCode, 403, `${username} ${url}`);
    }
    assert.equal(
      (await app.inject({ method: 'DELETE', url: `${OPS}/tasks/${engTask.id}/`, headers })).statusCode,
      403,
      `${username} delete`,
    );
  }
  assert.equal((await app.inject({ method: 'GET', url: `${OPS}/tasks/` })).statusCode, 401);
});

/** Opens the task-log socket; resolves with the frames once `end` arrives (or fails after `ms`). */
function followSocket(
  url: string,
  headers: Record<string, string>,
  task: string,
  ms = 15_000,
): Promise<{ status: number; frames: { message: string; task: string; end?: boolean }[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const frames: { message: string; task: string; end?: boolean }[] = [];
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no end within ${ms} ms: ${JSON.stringify(frames)}`));
    }, ms);
    socket.on('open', () => socket.send(JSON.stringify({ task })));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      frames.push(frame);
      if (frame.end) {
        clearTimeout(timer);
        socket.close();
        resolve({ status: 101, frames });
      }
    });
    socket.on('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      resolve({ status: response.statusCode ?? 0, frames });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

test("the task-log WebSocket streams a running task's log to its end, only to a signed-in page of this origin that may see it", async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  const url = `ws://127.0.0.1:${port}/ws/ops/tasks/log/`;
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const asset = insertAsset(app, { port: sshd.port, adminUser: admin, hostname: 'ws-host' });
  const session = await loginSession(app, 'admin');
  const task = await startAssetTest(app, headers, asset);
  const { status, frames } = await followSocket(url, { cookie: session.cookie, origin }, task);
  assert.equal(status, 101);
  assert.ok(frames.every((frame) => frame.task === task));
  const text = frames
    .map((frame) => frame.message)
    .join('')
    .replace(/\x1b\[\d+m/g, '');
  assert.match(text, /Test connectivity of 1 asset\(s\)\r\n/);
  assert.match(text, /ws-host: Authenticated\r\n/);
  assert.match(text, /Summary: 1 reachable, 0 unreachable, 0 skipped\r\n/, 'every line up to the last');

  // Someone who may not see the task gets what an unknown task gets.
  const user = await loginSession(app, 'user');
  const refused = await followSocket(url, { cookie: user.cookie, origin, 'accept-language': 'en' }, task);
  assert.equal(refused.frames.length, 1);
  assert.match(refused.frames[0].message, /No such task, or you may not see its log/);
  assert.equal((await followSocket(url, { origin }, task)).status, 401, 'signed out');
  assert.equal(
    (await followSocket(url, { cookie: session.cookie, origin: 'http://evil.example' }, task)).status,
    403,
    'another site',
  );
});

test('a new demo database gets its job center from real runs of the task code', async (t) => {
  const app = await build(t, { auditSamples: true, sshTimeoutMs: 2000 });
  await app.ready();
  await app.tasks.idle();
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const tasks = await get(app, headers, `${OPS}/tasks/`);
  assert.ok(
    tasks.some((task: { name: string }) => task.name === 'Test admin user connectivity: Linux root'),
    JSON.stringify(tasks.map((task: { name: string }) => task.name)),
  );
  const runs = await get(app, headers, `${OPS}/adhoc-executions/`);
  assert.ok(runs.length >= 2 && runs.every((run: { is_finished: boolean }) => run.is_finished));
  const log = (await followLog(app, headers, runs[0].id)).join('');
  assert.match(log, /汇总：/, "each run has the log the runner wrote (in the demo's Chinese)");
});

test('a run whose only host was skipped is no failure: listed as a success, nothing counted failed', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' };
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const asset = insertAsset(app, { port: sshd.port, adminUser: admin, hostname: 'jc-off' });
  app.bastion.db.prepare('UPDATE assets SET is_active = 0 WHERE id = ?').run(asset);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/assets/${asset}/tasks/`,
    headers,
    payload: { action: 'refresh' },
  });
  assert.equal(response.statusCode, 201, response.body);
  const log = (await followLog(app, headers, response.json().task)).join('');
  assert.match(log, /0 refreshed, 0 failed, 1 skipped/);
  const task = (await get(app, headers, `${OPS}/tasks/?search=jc-off`))[0];
  assert.equal(task.latest_execution.is_success, true, 'the 成功 column reads success, not 失败');
  assert.deepEqual(task.latest_execution.last_failure, {});
  const run = await get(app, headers, `${OPS}/adhoc-executions/${response.json().task}/`);
  assert.deepEqual(run.stat, { total: 1, success: 0, failed: 0 });
  assert.deepEqual(run.summary.skipped, { 'jc-off': 'Asset is disabled, skipped' });
});
