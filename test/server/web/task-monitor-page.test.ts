// /core/flower/, the super admin's task monitor (2.3's Flower): the worker, running and queued tasks and
// recent failures with links to their logs and the job center; superusers only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build } from '../helpers.ts';

test('the task monitor shows the worker, the queue and recent failures to super admins only', async (t) => {
  const app = await build(t);
  app.bastion.db
    .prepare(
      `INSERT INTO celery_tasks (id, name, state, date_created, date_finished) VALUES ('f1', 'Test assets connectivity: web-1', 'FAILURE', '2024-01-15T08:00:00.000Z', '2024-01-15T08:00:05.000Z')`,
    )
    .run();
  const page = await app.inject({ method: 'GET', url: '/core/flower/', headers: await bearer(app, 'admin') });
  assert.equal(page.statusCode, 200);
  assert.match(page.headers['content-type'] as string, /text\/html/);
  const html = page.body;
  assert.match(
    html,
    /<section id="workers">[\s\S]*bastion@in-process<\/td><td>Online<\/td><td>2<\/td><td>0<\/td><td>0<\/td>/,
  );
  assert.match(html, /<section id="running"><h2>Running \(0\)/);
  assert.match(
    html,
    /<section id="failures"><h2>Recent failures \(1\)[\s\S]*Test assets connectivity: web-1[\s\S]*href="\/ui\/#\/ops\/celery\/task\/f1\/log\/"/,
  );
  assert.match(html, /href="\/ui\/#\/ops\/tasks"/);
  // A task recorded in the job center links to its run there.
  app.bastion.db
    .prepare(
      `INSERT INTO ops_adhoc_executions (id, task, task_display, adhoc, hosts_amount, date_start, org_id) VALUES ('f1', NULL, 'x', NULL, 1, '2024-01-15T08:00:00.000Z', '')`,
    )
    .run();
  const linked = await app.inject({ method: 'GET', url: '/core/flower/', headers: await bearer(app, 'admin') });
  assert.match(
    linked.body,
    /href="\/ui\/#\/ops\/celery\/task\/f1\/log\/">Log<\/a> <a href="\/ui\/#\/ops\/executions\/f1">Run<\/a>/,
  );
  const bare = await app.inject({ method: 'GET', url: '/core/flower?_=1', headers: await bearer(app, 'admin') });
  assert.deepEqual(
    [bare.statusCode, bare.headers.location],
    [302, '/core/flower/?_=1'],
    "2.3's Lina links it without the slash",
  );
  assert.equal(
    (await app.inject({ method: 'GET', url: '/core/flower/', headers: await bearer(app, 'user') })).statusCode,
    403,
  );
  const anonymous = await app.inject({ method: 'GET', url: '/core/flower/' });
  assert.deepEqual(
    [anonymous.statusCode, anonymous.headers.location],
    [302, '/core/auth/login/?next=%2Fcore%2Fflower%2F'],
  );
});
