// /core/ops/celery/task/<id>/log/ is the HTML page Lina 2.3.1 opens in a window (2.3: a Django template).
// It follows the JSON log with a script file of this origin (the CSP forbids inline script), and for a task
// that does not exist or that the caller may not see it says so, instead of "Waiting task start" for ever.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, loginSession, orgId, userId } from '../helpers.ts';

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

const PAGE = (id: string) => `/core/ops/celery/task/${id}/log/`;

test('a visible task: an HTML page that loads /static/js/task-log.js, no inline script', async (t) => {
  const app = await build(t);
  insertTask(app, 'task-1', 'orgadmin', orgId(app, 'Engineering'));
  const session = await loginSession(app, 'orgadmin');
  const response = await app.inject({
    url: PAGE('task-1'),
    headers: { ...session.headers, cookie: [session.headers.cookie, 'django_language=en'].filter(Boolean).join('; ') },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^text\/html/);
  const html = response.body;
  assert.match(html, /<title>Task log<\/title>/);
  assert.match(html, /<pre id="task-log" data-task="task-1"><\/pre>/);
  assert.deepEqual(
    [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
    ['<script src="/static/js/task-log.js">'],
    'one script, a file',
  );
  assert.doesNotMatch(html, /<script[^>]*>[^<]+<\/script>/, 'no inline script');
  assert.doesNotMatch(html, /\sstyle="/, 'no style attribute (style-src-attr none)');
  assert.match(String(response.headers['content-security-policy']), /script-src 'self'/);
  const script = await app.inject({ url: '/static/js/task-log.js' });
  assert.equal(script.statusCode, 200);
  assert.match(String(script.headers['content-type']), /^text\/javascript/);
  assert.match(script.body, /\/api\/v1\/ops\/celery\/task\//, 'it follows the JSON API');
  // The JSON API the script reads is unchanged.
  const json = await app.inject({ url: '/api/v1/ops/celery/task/task-1/log/', headers: session.headers });
  assert.match(json.json().data, /secret-host/);
});

test('an unknown task, or one the caller may not see, is a 404 page that says so (the same words for both)', async (t) => {
  const app = await build(t);
  insertTask(app, 'eng-task', 'orgadmin', orgId(app, 'Engineering'));
  const page = async (who: string, id: string) => {
    const response = await app.inject({
      url: PAGE(id),
      headers: { ...(await bearer(app, who)), cookie: 'django_language=en' },
    });
    return { status: response.statusCode, body: response.body };
  };
  const unknown = await page('admin', 'no-such-task');
  assert.equal(unknown.status, 404);
  assert.match(unknown.body, /No such task, or you may not see its log/);
  assert.doesNotMatch(unknown.body, /Waiting task start|<script/);
  const foreign = await page('wangfang', 'eng-task');
  assert.deepEqual(foreign, unknown, "another org's admin learns nothing more than for an unknown id");
  assert.equal((await page('user', 'eng-task')).status, 404, 'a plain member');
  assert.equal((await page('sysauditor', 'eng-task')).status, 200);
  // Pages under /core/ speak the console's language (django_language, else Chinese), not the browser's.
  const zh = await app.inject({
    url: PAGE('no-such-task'),
    headers: { ...(await bearer(app, 'admin')), 'accept-language': 'en' },
  });
  assert.match(zh.body, /任务不存在/);
  assert.match(zh.body, /<title>任务日志<\/title>/);
});

test('not signed in: to the login form, which comes back to the page', async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: `${PAGE('abc')}?x=1` });
  assert.equal(response.statusCode, 302);
  assert.equal(
    response.headers.location,
    `/core/auth/login/?next=${encodeURIComponent('/core/ops/celery/task/abc/log/?x=1')}`,
  );
});

test("the page script: follows the marks to the end, turns the runner's colours into classes and never into HTML", async () => {
  const { readFileSync } = await import('node:fs');
  const { runInNewContext } = await import('node:vm');
  const source = readFileSync(new URL('../../../demo/task-log.js', import.meta.url), 'utf8');
  type Node = { className?: string; textContent: string };
  const shown: Node[] = [];
  const attrs: Record<string, string> = {
    'data-task': 'a b',
    'data-ended': 'Task finished',
    'data-failed': 'Could not read the log',
  };
  const view = { getAttribute: (name: string) => attrs[name], appendChild: (node: Node) => shown.push(node) };
  const status = { textContent: 'Waiting task start', getAttribute: (name: string) => attrs[name] };
  const answers = [
    { data: 'Waiting task start' },
    { data: 'start <b>x</b>\r\n\u001b[32mhost: ok\u001b[0m\r\n', mark: '2', end: false },
    { data: '\u001b[31mhost2: failed\u001b[0m\r\n', mark: '3', end: false },
    { data: '', mark: '3', end: true },
  ];
  const asked: string[] = [];
  let pending: (() => void)[] = [];
  const context = {
    document: {
      getElementById: (id: string) => (id === 'task-log' ? view : id === 'task-log-status' ? status : null),
      createTextNode: (text: string) => ({ textContent: text }),
      createElement: () => ({ className: '', textContent: '' }),
      body: { scrollHeight: 0 },
    },
    window: { scrollTo: () => {} },
    setTimeout: (fn: () => void) => {
      pending.push(fn);
    },
    fetch: (url: string) => {
      asked.push(url);
      const answer = answers.shift();
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(answer) });
    },
    encodeURIComponent,
  };
  runInNewContext(source, context);
  for (let round = 0; round < 10; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    const next = pending;
    pending = [];
    next.forEach((fn) => fn());
  }
  assert.deepEqual(asked, [
    '/api/v1/ops/celery/task/a%20b/log/',
    '/api/v1/ops/celery/task/a%20b/log/',
    '/api/v1/ops/celery/task/a%20b/log/?mark=2',
    '/api/v1/ops/celery/task/a%20b/log/?mark=3',
  ]);
  assert.deepEqual(
    shown.map((node) => [node.className ?? '', node.textContent]),
    [
      ['', 'start <b>x</b>\n'],
      ['ok', 'host: ok'],
      ['', '\n'],
      ['fail', 'host2: failed'],
      ['', '\n'],
    ],
  );
  assert.equal(status.textContent, 'Task finished');
  assert.equal(answers.length, 0, 'stops after the end');
});
