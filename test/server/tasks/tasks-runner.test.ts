// The task runner's contract: the log endpoint (waiting text, marks, end), the result endpoint,
// at most two tasks at a time, timeouts that never hang, and a clean stop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { buildApp } from '../../../demo/server/app.ts';
import { bearer, build } from '../helpers.ts';
import {
  followLog,
  insertAdminUser,
  insertAsset,
  readLog,
  shutdownScenario,
  startSilentServer,
  taskResult,
  withoutTones,
} from '../support/task-fixtures.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

async function startTest(app: App, headers: Record<string, string>, asset: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/assets/${asset}/tasks/`,
    headers,
    payload: { action: 'test' },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().task;
}

const silentAsset = (app: App, port: number, hostname: string): string =>
  insertAsset(app, { port, hostname, adminUser: insertAdminUser(app, { username: 'nobody', password: 'x' }) });

test('two tasks run at a time; a waiting task says so; silent hosts time out', async (t) => {
  const silent = await startSilentServer();
  t.after(() => silent.close());
  const app = await build(t, { sshTimeoutMs: 800 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const started = Date.now();
  const tasks = [];
  for (const name of ['s1', 's2', 's3']) tasks.push(await startTest(app, headers, silentAsset(app, silent.port, name)));

  assert.deepEqual(await Promise.all(tasks.map(async (id) => (await taskResult(app, headers, id)).state)), [
    'STARTED',
    'STARTED',
    'PENDING',
  ]);
  assert.deepEqual(await readLog(app, { ...headers, 'accept-language': 'zh' }, tasks[2]), { data: '等待任务开始' });
  assert.deepEqual(await readLog(app, { ...headers, 'accept-language': 'en' }, tasks[2]), {
    data: 'Waiting task start',
  });
  assert.deepEqual(await readLog(app, headers, tasks[2], 'undefined'), { data: '.' });

  for (const [i, id] of tasks.entries()) {
    // Followed while it grows (the connect line first, the timeout later), the log reads as a whole.
    const streamed = await followLog(app, headers, id);
    assert.match(streamed.join(''), new RegExp(`s${i + 1}: Unreachable: Timed out after 800 ms\\r\\n`));
    assert.equal(streamed.join(''), withoutTones((await readLog(app, headers, id)).data));
  }
  const elapsed = Date.now() - started;
  // Two rounds of one timeout each: the third task waited for a free slot, and nothing hung.
  assert.ok(elapsed >= 1500 && elapsed < 6000, `took ${elapsed} ms`);
});

test('marks resume after the last line read; end comes with an empty read of a finished task', async (t) => {
  const app = await build(t, { sshTimeoutMs: 2000 });
  const headers = { ...(await bearer(app, 'admin')), 'accept-language': 'en' }; // the log is written in the starter's language
  const task = await startTest(app, headers, insertAsset(app, { port: 1, hostname: 'port-one', adminUser: null }));
  const streamed = (await followLog(app, headers, task, undefined, true)).join('');
  const whole = await readLog(app, headers, task);
  assert.equal(whole.data, streamed, 'chunks followed by mark neither repeat nor lose lines');
  assert.equal(whole.end, false);
  assert.deepEqual(await readLog(app, headers, task, whole.mark), { data: '', end: true, mark: whole.mark });
  assert.deepEqual(await taskResult(app, headers, task), {
    id: task,
    state: 'SUCCESS',
    result: { ok: [], failed: {}, skipped: { 'port-one': 'Asset has no admin user, skipped' } },
  });
});

test('unknown task ids: the log waits (as 2.3), the result is 404; anonymous callers 401', async (t) => {
  const app = await build(t);
  const headers = { ...(await bearer(app, 'user')), 'accept-language': 'en' }; // the log is written in the starter's language
  const unknown = '0b6f6c1e-0000-4000-8000-000000000000';
  for (const path of ['log', 'result']) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/ops/celery/task/${unknown}/${path}/`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    if (path === 'log') assert.deepEqual([response.statusCode, response.json()], [200, { data: 'Waiting task start' }]);
    else assert.equal(response.statusCode, 404);
    assert.equal(
      (await app.inject({ method: 'GET', url: `/api/v1/ops/celery/task/${unknown}/${path}/` })).statusCode,
      401,
    );
  }
});

test('closing the server aborts running SSH work at once and fails queued tasks; a restart fails leftovers', async (t) => {
  const { silentPort, app, headers, closeAndReopen } = await shutdownScenario(t);
  const tasks = [];
  for (const name of ['a', 'b', 'c']) tasks.push(await startTest(app, headers, silentAsset(app, silentPort, name)));
  app.bastion.db
    .prepare(
      "INSERT INTO celery_tasks (id, name, state, date_created) VALUES ('left-over', 'x', 'STARTED', '2024-01-01')",
    )
    .run();
  const { again, adminHeaders } = await closeAndReopen();
  for (const id of [...tasks, 'left-over'])
    assert.equal((await taskResult(again, adminHeaders, id)).state, 'FAILURE', id);
  assert.match(
    (await readLog(again, adminHeaders, 'left-over')).data,
    /Task interrupted: the server stopped before it finished\r\n/,
  );
  assert.match((await readLog(again, adminHeaders, tasks[2])).data, /Task cancelled: the server is stopping\r\n/);
});
