// Batch commands (§2.7 command-executions/) against the real sshd on several 127.x addresses: the grant
// engine decides where a user may run what, the system user's command filters refuse a run before any
// host is touched, each host's output and exit status reach the log, an unreachable host fails alone,
// and every run is a row of the command-execution audit log and a task of the job center.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { orgRoot } from '../../../demo/server/assets/node-tree.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { isoAt } from '../../../demo/server/core/lib/time.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, build, orgId } from '../helpers.ts';
import { world } from '../perms/perms-world.ts';
import { freePort, startSshd, type TestSshd } from '../support/sshd.ts';
import { followLog, insertDomainWithGateway } from '../support/task-fixtures.ts';

let sshd: TestSshd;
before(async () => {
  sshd = await startSshd({ alsoListen: ['127.0.0.2', '127.0.0.3'] });
});
after(async () => sshd?.stop());

const RUNS = '/api/v1/ops/command-executions/';

async function batchWorld(app: FastifyInstance & { clock: { now: () => number } }) {
  const db = app.bastion.db;
  const w = world(db, app.clock.now());
  const alice = w.user('bc-alice');
  const bob = w.user('bc-bob');
  const runAs = w.systemUser('bc-ssh', 'ssh', 10);
  const other = w.systemUser('bc-other-ssh', 'ssh', 20);
  for (const id of [runAs, other])
    db.prepare('UPDATE system_users SET username = ?, password = ? WHERE id = ?').run(
      sshd.username,
      seal(db, sshd.password),
      id,
    );
  const root = orgRoot(db, '');
  const closed = await freePort();
  const host = (name: string, ip: string, port = sshd.port) => {
    const id = w.asset(name, [root], { protocols: `ssh/${port}` });
    db.prepare('UPDATE assets SET ip = ?, port = ? WHERE id = ?').run(ip, port, id);
    return id;
  };
  const hosts = {
    one: host('bc-1', '127.0.0.1'),
    two: host('bc-2', '127.0.0.2'),
    three: host('bc-3', '127.0.0.3'),
    down: host('bc-down', '127.0.0.1', closed),
    ungranted: host('bc-x', '127.0.0.1'),
  };
  w.permission('bc-grant', {
    users: [alice],
    assets: [hosts.one, hosts.two, hosts.three, hosts.down],
    systemUsers: [runAs],
  });
  w.permission('bc-no-connect', {
    users: [alice],
    assets: [hosts.one],
    systemUsers: [other],
    actions: ['upload_file'],
  });
  const as = async (username: string) => ({ ...(await bearer(app, username)), 'accept-language': 'en' });
  return {
    alice,
    bob,
    runAs,
    other,
    hosts,
    headers: { alice: await as('bc-alice'), bob: await as('bc-bob'), admin: await as('admin') },
  };
}

const lines = (log: string) => log.replace(/\x1b\[\d+m/g, '').split(/\r\n/);

test("a batch command runs on every granted host over SSH: each host's output under its name, its exit status, a summary", async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const { runAs, hosts, headers, alice } = await batchWorld(app);
  const samples = app.bastion.db.prepare('SELECT COUNT(*) FROM command_executions').pluck().get();
  const response = await app.inject({
    method: 'POST',
    url: RUNS,
    headers: headers.alice,
    payload: {
      hosts: [hosts.one, hosts.two, hosts.three],
      run_as: runAs,
      command: 'echo "out-$((6*7))"; id -un; hostname -I >/dev/null 2>&1; echo err >&2',
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  const run = response.json();
  assert.deepEqual(
    [run.hosts.length, run.run_as, run.is_finished, run.log_url],
    [3, runAs, false, `/api/v1/ops/celery/task/${run.id}/log/`],
  );
  const log = lines((await followLog(app, headers.alice, run.id)).join(''));
  for (const [name, ip] of [
    ['bc-1', '127.0.0.1'],
    ['bc-2', '127.0.0.2'],
    ['bc-3', '127.0.0.3'],
  ]) {
    const start = log.indexOf(`>>> ${name}(${ip})`);
    const end = log.indexOf(`<<< ${name}(${ip}): exit status 0`);
    assert.ok(start >= 0 && end > start, `${name}'s part: ${log.join('\n')}`);
    assert.deepEqual(
      log.slice(start + 1, end).sort(),
      ['err', 'out-42', sshd.username].sort(),
      `${name}'s output, and only its own`,
    );
  }
  assert.ok(log.includes('Summary: 3 succeeded, 0 failed, 0 skipped'));

  const row = (await app.inject({ method: 'GET', url: `${RUNS}${run.id}/`, headers: headers.alice })).json();
  assert.equal(row.is_finished, true);
  assert.deepEqual(row.result.ok, ['bc-1', 'bc-2', 'bc-3']);
  assert.deepEqual(row.result.exit, { 'bc-1': 0, 'bc-2': 0, 'bc-3': 0 });

  // The audit log: a real row with its hosts (the seeded samples gave way to it).
  const audit = (
    await app.inject({ method: 'GET', url: '/api/v1/audits/command-execution-logs/', headers: headers.admin })
  ).json();
  assert.ok(Number(samples) >= 0);
  assert.equal(audit.length, 1);
  assert.deepEqual(
    [
      audit[0].id,
      audit[0].user,
      audit[0].user_display,
      audit[0].run_as_display,
      audit[0].is_success,
      audit[0].hosts.length,
    ],
    [run.id, alice, 'bc-alice', 'bc-ssh', true, 3],
  );
  const relations = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/audits/command-executions-hosts-relations/?commandexecution=${run.id}`,
      headers: headers.admin,
    })
  ).json();
  assert.deepEqual(relations.map((r: { asset_display: string }) => r.asset_display).sort(), [
    'bc-1(127.0.0.1)',
    'bc-2(127.0.0.2)',
    'bc-3(127.0.0.3)',
  ]);

  // The job center: a task with this run; its own rows only for each user.
  const tasks = (
    await app.inject({ method: 'GET', url: '/api/v1/ops/tasks/?search=Batch%20command', headers: headers.admin })
  ).json();
  assert.equal(tasks.length, 1);
  assert.equal(tasks[0].latest_execution.id, run.id);
  assert.deepEqual(tasks[0].latest_execution.last_success, ['bc-1', 'bc-2', 'bc-3']);
  assert.equal((await app.inject({ method: 'GET', url: RUNS, headers: headers.alice })).json().length, 1);
  assert.equal((await app.inject({ method: 'GET', url: RUNS, headers: headers.bob })).json().length, 0);
  assert.equal((await app.inject({ method: 'GET', url: `${RUNS}${run.id}/`, headers: headers.bob })).statusCode, 404);
  // Run again by the admin: their grants decide, and they have none on these hosts.
  const again = await app.inject({
    method: 'GET',
    url: `/api/v1/ops/tasks/${tasks[0].id}/run/`,
    headers: headers.admin,
  });
  assert.equal(again.statusCode, 400);
  assert.deepEqual(Object.keys(again.json()), ['hosts']);
});

test('an unreachable host fails alone with its reason; a non-zero exit is a failure of that host', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const { runAs, hosts, headers } = await batchWorld(app);
  const response = await app.inject({
    method: 'POST',
    url: RUNS,
    headers: headers.alice,
    payload: { hosts: [hosts.down, hosts.one], run_as: runAs, command: 'echo reached' },
  });
  assert.equal(response.statusCode, 201, response.body);
  const log = lines((await followLog(app, headers.alice, response.json().id)).join(''));
  assert.ok(
    log.some((line) => /^<<< bc-down\(127\.0\.0\.1\): failed: Connection refused$/.test(line)),
    log.join('\n'),
  );
  assert.ok(log.includes('reached') && log.includes('<<< bc-1(127.0.0.1): exit status 0'));
  const row = (
    await app.inject({ method: 'GET', url: `${RUNS}${response.json().id}/`, headers: headers.alice })
  ).json();
  assert.deepEqual([row.result.ok, row.result.failed], [['bc-1'], { 'bc-down': 'Connection refused' }]);

  const failing = await app.inject({
    method: 'POST',
    url: RUNS,
    headers: headers.alice,
    payload: { hosts: [hosts.two], run_as: runAs, command: 'exit 3' },
  });
  const failed = lines((await followLog(app, headers.alice, failing.json().id)).join(''));
  assert.ok(failed.includes('<<< bc-2(127.0.0.2): exit status 3'));
  assert.ok(failed.includes('Summary: 0 succeeded, 1 failed, 0 skipped'));
  const audit = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/audits/command-execution-logs/?command=exit%203`,
      headers: headers.admin,
    })
  ).json();
  assert.equal(
    audit[0].is_success,
    true,
    'the run itself worked (2.3: success means no error); the host failed in its result',
  );
});

test('who may run what: only granted hosts with the system user and connect; deny rules refuse before any host is touched; the setting', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const { runAs, other, hosts, headers } = await batchWorld(app);
  const db = app.bastion.db;
  const post = (payload: unknown, who = headers.alice) =>
    app.inject({ method: 'POST', url: RUNS, headers: who, payload: payload as object });

  const ungranted = await post({ hosts: [hosts.one, hosts.ungranted], run_as: runAs, command: 'id' });
  assert.deepEqual(
    [ungranted.statusCode, ungranted.json()],
    [400, { hosts: `Not has host ['${hosts.ungranted}'] permission` }],
  );
  const noConnect = await post({ hosts: [hosts.one], run_as: other, command: 'id' });
  assert.deepEqual(
    [noConnect.statusCode, noConnect.json()],
    [400, { hosts: `Not has host ['${hosts.one}'] permission` }],
    'granted without connect',
  );
  const bob = await post({ hosts: [hosts.one], run_as: runAs, command: 'id' }, headers.bob);
  assert.equal(bob.statusCode, 400, "another user's grants are not yours");
  const unknown = await post({ hosts: [hosts.one], run_as: uuid(), command: 'id' });
  assert.deepEqual(Object.keys(unknown.json()), ['run_as']);
  assert.deepEqual((await post({ hosts: [], run_as: runAs, command: ' ' })).json(), {
    hosts: ['This field is required.'],
    command: ['This field may not be blank.'],
  });

  // A deny rule of the system user's command filter refuses the whole run and names the rule.
  const stamp = isoAt(app.clock.now());
  const filter = uuid();
  db.prepare('INSERT INTO cmd_filters (id, name, date_created, date_updated) VALUES (?, ?, ?, ?)').run(
    filter,
    'bc-no-rm',
    stamp,
    stamp,
  );
  db.prepare('INSERT INTO system_user_cmd_filters (system_user_id, filter_id) VALUES (?, ?)').run(runAs, filter);
  db.prepare(
    "INSERT INTO cmd_filter_rules (id, filter_id, type, content, priority, action, date_created, date_updated) VALUES (?, ?, 'command', 'rm', 50, 0, ?, ?)",
  ).run(uuid(), filter, stamp, stamp);
  // Every refused run is written down: a finished execution that failed with the refusal, on its hosts.
  const canary = mkdtempSync(join(tmpdir(), 'bc-canary-'));
  chmodSync(canary, 0o777);
  const refused = ['rm -rf CANARY', "echo ok; 'r'm -rf CANARY", 'true && "rm" -r CANARY', '/bin/r? -rf CANARY'].map(
    (command) => command.replace('CANARY', canary),
  );
  for (const command of refused) {
    const denied = await post({ hosts: [hosts.one, hosts.two], run_as: runAs, command });
    assert.deepEqual(
      [denied.statusCode, denied.json()],
      [400, { command: ['Command refused: it matches the rule "rm" of the command filter "bc-no-rm"'] }],
      command,
    );
  }
  await app.tasks.idle();
  assert.ok(existsSync(canary), 'nothing refused ran');
  rmSync(canary, { recursive: true, force: true });
  const logged = (
    await app.inject({ method: 'GET', url: '/api/v1/audits/command-execution-logs/?limit=20', headers: headers.admin })
  )
    .json()
    .results.map(
      (row: {
        command: string;
        is_finished: boolean;
        is_success: boolean;
        result: { error?: string };
        hosts: string[];
      }) => [row.command, row.is_finished, row.is_success, row.result.error, [...row.hosts].sort()],
    );
  const reason = 'Command refused: it matches the rule "rm" of the command filter "bc-no-rm"';
  const byCommand = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
  assert.deepEqual(
    logged.sort(byCommand),
    refused.map((command) => [command, true, false, reason, [hosts.one, hosts.two].sort()]).sort(byCommand),
  );
  assert.equal(db.prepare('SELECT COUNT(*) FROM celery_tasks').pluck().get(), 0, 'no task was queued for them');
  assert.equal((await post({ hosts: [hosts.one], run_as: runAs, command: 'echo rmdir-is-fine' })).statusCode, 201);

  // SECURITY_COMMAND_EXECUTION off: 403 for common users, admins still run.
  app.bastion.settings.set('SECURITY_COMMAND_EXECUTION', false, 'security');
  const off = await post({ hosts: [hosts.one], run_as: runAs, command: 'id' });
  assert.deepEqual([off.statusCode, off.json()], [403, { detail: 'Command execution disabled' }]);
  assert.equal((await app.inject({ method: 'GET', url: RUNS, headers: headers.alice })).statusCode, 403);
  assert.equal((await app.inject({ method: 'GET', url: RUNS, headers: headers.admin })).statusCode, 200);
  assert.equal((await app.inject({ method: 'POST', url: RUNS, payload: {} })).statusCode, 401);
  await app.tasks.idle();
});

test("runs are filed in the run-as system user's org; the starter or an admin can stop a running one", async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const { runAs, hosts, headers } = await batchWorld(app);
  const started = await app.inject({
    method: 'POST',
    url: RUNS,
    headers: headers.alice,
    payload: { hosts: [hosts.one, hosts.two], run_as: runAs, command: 'echo started; sleep 30' },
  });
  assert.equal(started.statusCode, 201, started.body);
  const id = started.json().id;
  const deadline = Date.now() + 10_000;
  while (
    !/started/.test(
      (await app.inject({ method: 'GET', url: `/api/v1/ops/celery/task/${id}/log/`, headers: headers.alice })).json()
        .data,
    ) &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(
    (await app.inject({ method: 'POST', url: `${RUNS}${id}/stop/`, headers: headers.bob })).statusCode,
    404,
    "not bob's",
  );
  const engAdmin = {
    ...(await bearer(app, 'orgadmin')),
    'accept-language': 'en',
    'x-jms-org': orgId(app, 'Engineering'),
  };
  assert.equal(
    (await app.inject({ method: 'POST', url: `/api/v1/ops/adhoc-executions/${id}/stop/`, headers: engAdmin }))
      .statusCode,
    404,
    "another org's admin",
  );
  // The admin stops it from the job center (the run's own stop; the starter may use command-executions/<id>/stop/).
  const stop = await app.inject({
    method: 'POST',
    url: `/api/v1/ops/adhoc-executions/${id}/stop/`,
    headers: headers.admin,
  });
  assert.equal(stop.statusCode, 200, stop.body);
  const stoppedAt = Date.now();
  const log = lines((await followLog(app, headers.alice, id)).join(''));
  assert.ok(Date.now() - stoppedAt < 5000, 'the hosts were closed, not waited for');
  assert.ok(
    log.some((line) => line === 'Task failed: Stopped by Administrator(admin)'),
    log.join('\n'),
  );
  const row = (await app.inject({ method: 'GET', url: `${RUNS}${id}/`, headers: headers.alice })).json();
  assert.deepEqual([row.is_finished, row.result.error], [true, 'Stopped by Administrator(admin)']);
  assert.equal(
    (await app.inject({ method: 'POST', url: `${RUNS}${id}/stop/`, headers: headers.admin })).statusCode,
    400,
    'a finished run cannot be stopped',
  );

  // The starter stops their own run.
  const own = (
    await app.inject({
      method: 'POST',
      url: RUNS,
      headers: headers.alice,
      payload: { hosts: [hosts.three], run_as: runAs, command: 'sleep 30' },
    })
  ).json().id;
  while (
    !app.tasks.isActive(own) ||
    !(app.bastion.db.prepare('SELECT state FROM celery_tasks WHERE id = ?').pluck().get(own) === 'STARTED')
  )
    await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(
    (await app.inject({ method: 'POST', url: `${RUNS}${own}/stop/`, headers: headers.alice })).statusCode,
    200,
  );
  assert.ok(
    lines((await followLog(app, headers.alice, own)).join('')).includes('Task failed: Stopped by bc-alice(bc-alice)'),
  );

  // Filed in DEFAULT (the system user's org): Engineering's admins do not see it.
  const eng = orgId(app, 'Engineering');
  const inEng = (
    await app.inject({
      method: 'GET',
      url: '/api/v1/audits/command-execution-logs/',
      headers: { ...headers.admin, 'x-jms-org': eng },
    })
  ).json();
  assert.ok(!inEng.some((r: { id: string }) => r.id === id));
  const inEngTasks = (
    await app.inject({
      method: 'GET',
      url: '/api/v1/ops/adhoc-executions/',
      headers: { ...headers.admin, 'x-jms-org': eng },
    })
  ).json();
  assert.ok(!inEngTasks.some((r: { id: string }) => r.id === id));
  const inDefault = (
    await app.inject({ method: 'GET', url: '/api/v1/ops/adhoc-executions/', headers: headers.admin })
  ).json();
  assert.ok(inDefault.some((r: { id: string; is_success: boolean }) => r.id === id && !r.is_success));
});

test("Lina 2.3.1's batch-command page on this server: its system users, its tree for one, its POST with the terminal size", async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const { runAs, hosts, headers } = await batchWorld(app);
  const systemUsers = (
    await app.inject({ method: 'GET', url: '/api/v1/perms/system-users-permission/', headers: headers.alice })
  ).json();
  const offered = systemUsers.find((su: { id: string }) => su.id === runAs);
  assert.deepEqual(
    [offered?.protocol, offered?.login_mode],
    ['ssh', 'auto'],
    'Lina enables SSH system users of auto login',
  );
  const tree = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/perms/users/nodes-with-assets/tree/?cache_policy=1&system_user=${runAs}`,
      headers: headers.alice,
    })
  ).json();
  const ids = tree
    .filter((item: { meta?: { type?: string } }) => item.meta?.type === 'asset')
    .map((item: { id: string }) => item.id);
  assert.ok([hosts.one, hosts.two].every((id) => ids.includes(id)));
  const response = await app.inject({
    method: 'POST',
    url: `${RUNS}?rows=24&cols=80`,
    headers: headers.alice,
    payload: { hosts: [hosts.one, hosts.two], run_as: runAs, command: 'uname -s' },
  });
  assert.equal(response.statusCode, 201, response.body);
  const log = lines((await followLog(app, headers.alice, response.json().id)).join(''));
  assert.equal(log.filter((line) => line === 'Linux').length, 2);
});

test('a host in a domain with a gateway is reached through the gateway', async (t) => {
  const app = await build(t, { sshTimeoutMs: 5000 });
  const { runAs, hosts, headers } = await batchWorld(app);
  const { domain } = insertDomainWithGateway(app, sshd);
  app.bastion.db.prepare('UPDATE assets SET domain = ? WHERE id = ?').run(domain, hosts.two);
  const response = await app.inject({
    method: 'POST',
    url: RUNS,
    headers: headers.alice,
    payload: { hosts: [hosts.two], run_as: runAs, command: 'echo via-gateway' },
  });
  const log = lines((await followLog(app, headers.alice, response.json().id)).join(''));
  const via = new RegExp(
    `^bc-2\\(127\\.0\\.0\\.2\\): Connecting to 127\\.0\\.0\\.2:${sshd.port} as ${sshd.username} via gateway gw-`,
  );
  assert.ok(
    log.some((line) => via.test(line)),
    log.join('\n'),
  );
  assert.ok(log.includes('via-gateway') && log.includes('<<< bc-2(127.0.0.2): exit status 0'), log.join('\n'));
});
