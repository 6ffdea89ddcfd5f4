// A task's log and result are for whoever may see the task: its creator, the admins and auditors of
// the org it was started in, super admins and super auditors. Anyone else gets the unknown-task answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, orgId, userId } from '../helpers.ts';
import { insertAsset } from '../support/task-fixtures.ts';

type App = Awaited<ReturnType<typeof build>>;

function insertTask(app: App, id: string, creator: string, org: string): void {
  const db = app.bastion.db;
  db.prepare(
    `INSERT INTO celery_tasks (id, name, state, date_created, creator, creator_id, org_id)
    VALUES (?, 'Test assets connectivity: secret-host', 'SUCCESS', '2024-01-15T08:30:00Z', ?, ?, ?)`,
  ).run(id, creator, userId(app, creator), org);
  db.prepare('INSERT INTO celery_task_logs (task_id, line) VALUES (?, ?)').run(
    id,
    'secret-host(127.50.0.7): Unreachable',
  );
}

async function read(app: App, who: string, id: string, path = `/api/v1/ops/celery/task/${id}/log/`) {
  const response = await app.inject({
    method: 'GET',
    url: path,
    headers: { ...(await bearer(app, who)), 'accept-language': 'en' },
  });
  return { status: response.statusCode, body: response.json() };
}

test("a task started in an org records its creator and org; its log is for them, the org's admins/auditors and the system roles", async (t) => {
  const app = await build(t, { sshTimeoutMs: 500 });
  const eng = orgId(app, 'Engineering');
  const asset = insertAsset(app, { port: 1, hostname: 'eng-host', ip: '127.50.0.7', adminUser: null, orgId: eng });
  const started = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/assets/${asset}/tasks/`,
    headers: { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng },
    payload: { action: 'test' },
  });
  assert.equal(started.statusCode, 201, started.body);
  const id = started.json().task as string;
  await app.tasks.idle();
  const row = app.bastion.db.prepare('SELECT creator, creator_id, org_id FROM celery_tasks WHERE id = ?').get(id);
  assert.deepEqual({ ...(row as object) }, { creator: 'orgadmin', creator_id: userId(app, 'orgadmin'), org_id: eng });
  for (const who of ['orgadmin', 'orgauditor', 'admin', 'sysauditor']) {
    const { status, body } = await read(app, who, id);
    assert.equal(status, 200, who);
    assert.match(body.data, /eng-host/, who);
  }
  // A plain member of Engineering, and the admin of another org, see nothing of it.
  for (const who of ['user', 'wangfang']) {
    assert.deepEqual(await read(app, who, id), { status: 200, body: { data: 'Waiting task start' } }, who);
    assert.equal((await read(app, who, id, `/api/v1/ops/celery/task/${id}/result/`)).status, 404, who);
  }
  assert.equal((await read(app, 'orgadmin', id, `/api/v1/ops/celery/task/${id}/result/`)).body.state, 'SUCCESS');
});

test('the creator sees their own task even without an admin role; DEFAULT tasks are for system roles', async (t) => {
  const app = await build(t);
  insertTask(app, 'own-task', 'user', orgId(app, 'Operations'));
  insertTask(app, 'default-task', 'orgadmin', '');
  assert.match((await read(app, 'user', 'own-task')).body.data, /secret-host/);
  assert.deepEqual(
    (await read(app, 'zhangmin', 'own-task')).body,
    { data: 'Waiting task start' },
    'a plain Operations member',
  );
  assert.match((await read(app, 'wangfang', 'own-task')).body.data, /secret-host/, 'the Operations admin');
  assert.match((await read(app, 'mgarcia', 'own-task')).body.data, /secret-host/, 'the Operations auditor');
  assert.deepEqual((await read(app, 'wangfang', 'default-task')).body, { data: 'Waiting task start' });
  assert.match((await read(app, 'sysauditor', 'default-task')).body.data, /secret-host/);
});

test('the JSON log of an unknown task waits with 200, as 2.3 (the /core/ page says so instead: task-log-page.test.ts)', async (t) => {
  const app = await build(t);
  assert.deepEqual(await read(app, 'admin', 'no-such-task'), { status: 200, body: { data: 'Waiting task start' } });
});
