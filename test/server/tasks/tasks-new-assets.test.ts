// Creating assets starts a hardware refresh and a connectivity test (§2.3), queued behind the POST:
// one asset against the real sshd, a bulk create, the cap for big imports, and a clean shutdown.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NEW_ASSET_CHECK_LIMIT } from '../../../demo/server/tasks/start-tasks.ts';
import { bearer, build } from '../helpers.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';
import { followLog, insertAdminUser, readLog, shutdownScenario, taskResult } from '../support/task-fixtures.ts';

const ASSETS = '/api/v1/assets/assets/';
let sshd: TestSshd;
before(async () => {
  sshd = await startSshd();
});
after(async () => sshd?.stop());

const tasksOf = (app: FastifyInstance) =>
  app.bastion.db.prepare('SELECT id, name FROM celery_tasks ORDER BY rowid').all() as { id: string; name: string }[];

async function post(app: FastifyInstance, headers: Record<string, string>, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: ASSETS,
    headers: { ...headers, 'accept-language': 'en' },
    payload: payload as object,
  });
}

test('a new asset gets a hardware refresh and a connectivity test; its detail then shows both results', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const headers = await bearer(app, 'admin');
  const admin = insertAdminUser(app, { username: sshd.username, password: sshd.password });
  const created = await post(app, headers, {
    hostname: 'new-01',
    ip: sshd.host,
    platform: 'Linux',
    protocols: [`ssh/${sshd.port}`],
    admin_user: admin,
  });
  assert.equal(created.statusCode, 201, created.body);
  assert.deepEqual(
    (await app.inject({ method: 'GET', url: `${ASSETS}${created.json().id}/?draw=1`, headers })).json().connectivity,
    { status: 2, datetime: null },
    'the POST answered before any SSH work finished',
  );

  const tasks = tasksOf(app);
  assert.deepEqual(
    tasks.map((task) => task.name),
    ['Update asset hardware info: new-01', 'Test assets connectivity: new-01'],
  );
  for (const { id } of tasks) {
    assert.match((await followLog(app, headers, id)).join(''), /new-01: Authenticated\r\n/);
    assert.deepEqual((await taskResult(app, headers, id)).result, { ok: ['new-01'], failed: {}, skipped: {} });
  }
  const detail = (await app.inject({ method: 'GET', url: `${ASSETS}${created.json().id}/?draw=1`, headers })).json();
  assert.deepEqual(detail.connectivity, { status: 1, datetime: '2024-01-15 16:30:00 +0800' });
  assert.match(detail.hardware_info, /^\d+ Core \S+/);
  assert.match(detail.os_arch, /\S/, 'hardware columns were filled');
});

test('a bulk create starts one refresh and one test over its assets; a refused create starts none', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const refused = await post(app, headers, [{ hostname: 'x', ip: '127.0.2.1', platform: 'Linux' }, { hostname: 'y' }]);
  assert.equal(refused.statusCode, 400);
  assert.deepEqual(tasksOf(app), [], 'nothing was created, so nothing is checked');

  const created = await post(
    app,
    headers,
    ['b-1', 'b-2'].map((hostname) => ({ hostname, ip: '127.0.2.1', platform: 'Linux' })),
  );
  assert.equal(created.statusCode, 201, created.body);
  const tasks = tasksOf(app);
  assert.deepEqual(
    tasks.map((task) => task.name),
    ['Update some assets hardware info', 'Test assets connectivity'],
  );
  const skipped = { 'b-1': 'Asset has no admin user, skipped', 'b-2': 'Asset has no admin user, skipped' };
  for (const { id } of tasks) {
    await followLog(app, headers, id);
    assert.deepEqual((await taskResult(app, headers, id)).result, { ok: [], failed: {}, skipped });
  }
});

test(`a big import checks its first ${NEW_ASSET_CHECK_LIMIT} assets and says how many it left`, async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const count = NEW_ASSET_CHECK_LIMIT + 3;
  const rows = Array.from({ length: count }, (_, i) => ({
    hostname: `imp-${String(i).padStart(3, '0')}`,
    ip: '127.0.2.2',
    platform: 'Linux',
  }));
  assert.equal((await post(app, headers, rows)).statusCode, 201);
  const tasks = tasksOf(app);
  assert.equal(tasks.length, 2);
  for (const { id } of tasks) {
    const log = (await followLog(app, headers, id)).join('');
    assert.match(log, /^3 more new asset\(s\) are not checked automatically: test them from their node\r\n/);
    const { result } = await taskResult(app, headers, id);
    assert.equal(Object.keys(result.skipped).length, NEW_ASSET_CHECK_LIMIT);
    assert.equal('imp-052' in result.skipped, false, 'the assets past the limit were left out');
  }
});

test('closing the server right after a create does not wait for an unreachable new asset', async (t) => {
  const { silentPort, app, headers, closeAndReopen } = await shutdownScenario(t);
  const admin = insertAdminUser(app, { username: 'root', password: 'secret' });
  const created = await post(app, headers, {
    hostname: 'silent',
    ip: '127.0.0.1',
    platform: 'Linux',
    protocols: [`ssh/${silentPort}`],
    admin_user: admin,
  });
  assert.equal(created.statusCode, 201, created.body);
  const ids = tasksOf(app).map((task) => task.id);
  const { again, adminHeaders } = await closeAndReopen();
  assert.equal(ids.length, 2);
  for (const id of ids) {
    assert.equal((await taskResult(again, adminHeaders, id)).state, 'FAILURE');
    assert.match((await readLog(again, adminHeaders, id)).data, /silent: Connecting to 127\.0\.0\.1:\d+ as root\r\n/);
  }
});
