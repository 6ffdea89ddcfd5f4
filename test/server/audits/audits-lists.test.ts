// The audit lists (§2.9): who may read them, their filters, search, date range and org rules, CSV
// export, and that none of them takes a write from the console (405).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordLogin } from '../../../demo/server/auth/login/login-log-store.ts';
import { caller, rowsOf, type App } from './audits-fixture.ts';
import { build, loginSession, orgId, PASSWORD } from '../helpers.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';
import { doorSignIn } from '../support/terminal-records.ts';

const LOGIN_LOGS = '/api/v1/audits/login-logs/';
const OPERATE_LOGS = '/api/v1/audits/operate-logs/';
const PASSWORD_LOGS = '/api/v1/audits/password-change-logs/';
const FTP_LOGS = '/api/v1/audits/ftp-logs/';
const EXEC_LOGS = '/api/v1/audits/command-execution-logs/';
const EXEC_HOSTS = '/api/v1/audits/command-executions-hosts-relations/';
const ALL = [LOGIN_LOGS, OPERATE_LOGS, PASSWORD_LOGS, FTP_LOGS, EXEC_LOGS, EXEC_HOSTS];

const HOUR = 3_600_000;
const usernames = (rows: Record<string, unknown>[]) => rows.map((r) => r.username);

/** Sign-ins of known users at known times: chenjie (DEFAULT only), liwei (Engineering), zhangmin (Operations). */
function seedLogins(app: App) {
  const at = (hoursAgo: number) => app.clock.now() - hoursAgo * HOUR;
  recordLogin(
    app.bastion.db,
    {
      username: 'chenjie',
      type: 'W',
      ip: '127.0.0.21',
      userAgent: 'Mozilla/5.0 Firefox/118.0',
      reason: '',
      success: true,
      mfa: 0,
    },
    at(30),
  );
  recordLogin(
    app.bastion.db,
    {
      username: 'liwei',
      type: 'T',
      ip: '127.0.0.22',
      userAgent: 'OpenSSH_9.2',
      reason: 'password_failed',
      success: false,
    },
    at(5),
  );
  recordLogin(
    app.bastion.db,
    {
      username: 'liwei',
      type: 'W',
      ip: '127.0.0.22',
      userAgent: 'Mozilla/5.0 Chrome/119.0',
      reason: '',
      success: true,
      mfa: 1,
    },
    at(4),
  );
  recordLogin(
    app.bastion.db,
    {
      username: 'zhangmin',
      type: 'W',
      ip: '127.0.0.23',
      userAgent: 'Mozilla/5.0 Safari/17.0',
      reason: '',
      success: true,
      mfa: 0,
    },
    at(24 * 10),
  );
}

test('login logs: admins and auditors read them, plain users are refused, anonymous is 401', async (t) => {
  const app = await build(t);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  assert.equal((await app.inject({ method: 'GET', url: LOGIN_LOGS })).statusCode, 401);
  for (const [as, org, status] of [
    ['admin', '', 200],
    ['sysauditor', '', 200],
    ['orgadmin', eng, 200],
    ['orgauditor', eng, 200],
    ['user', eng, 403],
    ['orgadmin', '', 403],
    ['orgauditor', '', 403],
  ] as const) {
    const response = await call('GET', LOGIN_LOGS, { as, org: org || undefined });
    assert.equal(response.statusCode, status, `${as} in ${org || 'DEFAULT'}`);
  }
});

test('login logs: fields, choices shown in the language, newest first; filters, search and date range', async (t) => {
  const app = await build(t);
  seedLogins(app);
  const call = caller(app);
  // The caller's own sign-in (its bearer token) is logged too: left out here.
  const list = async (query: string) =>
    rowsOf(await call('GET', `${LOGIN_LOGS}?${query}`, { as: 'sysauditor' })).filter(
      (r) => r.username !== 'sysauditor',
    );

  const all = await list('username=liwei');
  assert.deepEqual(
    all.map((r) => [r.type, r.status]),
    [
      ['W', true],
      ['T', false],
    ],
    'newest first',
  );
  const [web, ssh] = all;
  assert.deepEqual(Object.keys(web).sort(), [
    'city',
    'datetime',
    'id',
    'ip',
    'mfa',
    'mfa_display',
    'reason',
    'status',
    'status_display',
    'type',
    'type_display',
    'user_agent',
    'username',
  ]);
  assert.equal(web.type_display, 'Web');
  assert.equal(web.mfa_display, 'Enabled');
  assert.equal(web.status_display, 'Success');
  assert.equal(ssh.type_display, 'Terminal');
  assert.equal(ssh.reason, 'password_failed');
  assert.equal(ssh.status_display, 'Failed');
  assert.equal(ssh.city, 'LAN');
  const zh = rowsOf(await call('GET', `${LOGIN_LOGS}?username=liwei`, { as: 'sysauditor', lang: 'zh-CN' }));
  assert.equal(zh[1].type_display, '终端');
  assert.equal(zh[1].status_display, '失败');

  assert.deepEqual(usernames(await list('type=T')), ['liwei']);
  assert.deepEqual(usernames(await list('status=0')), ['liwei']);
  assert.deepEqual(
    (await list('status=1&username=liwei')).map((r) => r.type),
    ['W'],
  );
  assert.deepEqual(usernames(await list('mfa=1')), ['liwei']);
  assert.deepEqual(usernames(await list('ip=127.0.0.23')), ['zhangmin']);
  assert.deepEqual(usernames(await list('search=chen')), ['chenjie']);
  assert.deepEqual(usernames(await list('search=127.0.0.2')).sort(), ['chenjie', 'liwei', 'liwei', 'zhangmin']);
  // The console's default window: the last 7 days (zhangmin signed in 10 days ago).
  const from = new Date(app.clock.now() - 7 * 24 * HOUR).toISOString();
  const to = new Date(app.clock.now()).toISOString();
  assert.deepEqual(usernames(await list(`date_from=${from}&date_to=${to}`)).sort(), ['chenjie', 'liwei', 'liwei']);
  const dayAgo = new Date(app.clock.now() - 24 * HOUR).toISOString();
  assert.deepEqual(usernames(await list(`date_from=${dayAgo}`)), ['liwei', 'liwei']);
  assert.deepEqual(usernames(await list(`date_to=${dayAgo}`)).sort(), ['chenjie', 'zhangmin']);
  assert.equal((await list('date_from=not-a-date')).length, 4, 'an unparsable date is ignored');
  const page = (await call('GET', `${LOGIN_LOGS}?limit=2&offset=0`, { as: 'sysauditor' })).json();
  assert.equal(page.count, 5, "four seeded + the caller's own");
  assert.equal(page.results.length, 2);
});

test("login logs: outside DEFAULT only the current org's members show; DEFAULT and ROOT show everyone", async (t) => {
  const app = await build(t);
  seedLogins(app);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  const names = async (as: string, org?: string) =>
    [...new Set(usernames(rowsOf(await call('GET', LOGIN_LOGS, { as, org }))))].sort();
  assert.deepEqual(await names('admin'), ['admin', 'chenjie', 'liwei', 'zhangmin']);
  assert.deepEqual(await names('admin', 'ROOT'), ['admin', 'chenjie', 'liwei', 'zhangmin']);
  // The callers' own sign-ins (bearer tokens) are logged too: orgadmin and orgauditor are Engineering members.
  assert.deepEqual(await names('orgauditor', eng), ['liwei', 'orgauditor']);
  assert.deepEqual(await names('orgadmin', eng), ['liwei', 'orgadmin', 'orgauditor']);
  assert.deepEqual(await names('admin', ops), ['zhangmin']);
  // A filter cannot reach past the org rule.
  assert.deepEqual(rowsOf(await call('GET', `${LOGIN_LOGS}?username=chenjie`, { as: 'orgadmin', org: eng })), []);
});

test('login logs record real sign-ins: form (W), API token, failures with their reason', async (t) => {
  const app = await build(t);
  await loginSession(app, 'user');
  await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: 'wrong' },
    headers: { 'user-agent': 'curl/8.5' },
  });
  const rows = rowsOf(await caller(app)('GET', `${LOGIN_LOGS}?username=user`, { as: 'sysauditor' }));
  assert.equal(rows.length, 2);
  assert.equal(
    rows.some((r) => r.status === true && r.type === 'W'),
    true,
  );
  const failed = rows.find((r) => r.status === false)!;
  assert.equal(failed.reason, 'password_failed');
  assert.equal(failed.user_agent, 'curl/8.5');
});

test('every audit list refuses console writes with 405 and answers OPTIONS with GET only', async (t) => {
  const app = await build(t);
  const call = caller(app);
  for (const url of ALL) {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(method, url, { payload: {} });
      assert.equal(response.statusCode, 405, `${method} ${url}`);
      assert.ok(response.json().detail, `${method} ${url} says why`);
    }
    if (url !== FTP_LOGS) assert.equal((await call('POST', url, { payload: {} })).statusCode, 405, `POST ${url}`);
    assert.equal((await call('GET', url)).statusCode, 200, url);
    // No detail view either (2.3's ListModelMixin only), but the hosts of a batch command, which 2.3.1 routes
    // as a retrieve too: an unknown row there is a 404.
    const detail = url === EXEC_HOSTS ? 404 : 405;
    assert.equal(
      (await call('GET', `${url}11111111-1111-4111-8111-111111111111/`)).statusCode,
      detail,
      `GET ${url}<id>/`,
    );
    // FTP rows are written by terminals only (2.3 offered the admin a POST there too).
    const described = await app.inject({
      method: 'OPTIONS',
      url,
      headers: { ...(await bearerHeaders(app)), 'accept-language': 'en' },
    });
    assert.deepEqual(Object.keys(described.json().actions), ['GET'], url);
  }
});

async function bearerHeaders(app: App) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'admin', password: PASSWORD },
  });
  return { authorization: `Bearer ${response.json().token}` };
}

test('CSV export of a filtered list: translated header, the filtered rows, formula cells quoted', async (t) => {
  const app = await build(t);
  seedLogins(app);
  recordLogin(
    app.bastion.db,
    {
      username: '=HYPERLINK("x")',
      type: 'W',
      ip: '127.0.0.9',
      userAgent: '@SUM(1)',
      reason: 'password_failed',
      success: false,
    },
    app.clock.now(),
  );
  const call = caller(app);
  const csv = await call('GET', `${LOGIN_LOGS}?format=csv&type=W&status=1`, { as: 'sysauditor' });
  assert.equal(csv.statusCode, 200);
  assert.match(String(csv.headers['content-type']), /^text\/csv/);
  assert.match(String(csv.headers['content-disposition']), /attachment; filename="User_login_log_.*\.csv"/);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  assert.equal(lines[0], 'ID,Username,Login type,Login ip,Login city,User agent,MFA,Reason,Status,Date login');
  assert.equal(lines.length, 4, 'header + chenjie, liwei, zhangmin');
  assert.ok(
    lines.every((line) => !line.includes('127.0.0.22,LAN,OpenSSH')),
    'the failed terminal login is filtered out',
  );
  const hostile = (await call('GET', `${LOGIN_LOGS}?format=csv&ip=127.0.0.9`, { as: 'sysauditor' })).body;
  assert.match(hostile, /"'=HYPERLINK\(""x""\)"/);
  assert.match(hostile, /'@SUM\(1\)/);
  const zh = await call('GET', `${PASSWORD_LOGS}?format=csv`, { as: 'sysauditor', lang: 'zh-CN' });
  assert.equal(zh.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0], 'ID,用户,修改者,远端地址,日期');
});

test("password change logs: only the current org's members; filters by user, change_by, remote_addr", async (t) => {
  const app = await build(t);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  const id = (username: string) =>
    app.bastion.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username);
  assert.equal(
    (await call('PUT', `/api/v1/users/users/${id('liwei')}/password/`, { payload: { password: 'Changed-123' } }))
      .statusCode,
    200,
  );
  assert.equal(
    (await call('PUT', `/api/v1/users/users/${id('zhangmin')}/password/`, { payload: { password: 'Changed-123' } }))
      .statusCode,
    200,
  );
  const users = async (as: string, org?: string, query = '') =>
    rowsOf(await call('GET', `${PASSWORD_LOGS}?${query}`, { as, org })).map((r) => r.user);
  assert.deepEqual((await users('sysauditor')).sort(), ['张敏(zhangmin)', '李伟(liwei)']);
  assert.deepEqual(await users('orgauditor', eng), ['李伟(liwei)']);
  assert.deepEqual(await users('admin', ops), ['张敏(zhangmin)']);
  assert.deepEqual(await users('sysauditor', undefined, 'user=李伟(liwei)'), ['李伟(liwei)']);
  assert.deepEqual((await users('sysauditor', undefined, 'change_by=Administrator(admin)')).length, 2);
  assert.deepEqual(await users('sysauditor', undefined, 'remote_addr=127.0.0.99'), []);
  assert.equal((await call('GET', PASSWORD_LOGS, { as: 'user', org: eng })).statusCode, 403);
});

test('operate logs are org-scoped: each org sees what was done in it; ROOT sees all', async (t) => {
  const app = await build(t);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  assert.equal(
    (await call('POST', '/api/v1/users/groups/', { org: eng, payload: { name: 'Eng-audited' } })).statusCode,
    201,
  );
  assert.equal(
    (await call('POST', '/api/v1/users/groups/', { org: ops, payload: { name: 'Ops-audited' } })).statusCode,
    201,
  );
  const resources = async (as: string, org: string, query = '') =>
    rowsOf(await call('GET', `${OPERATE_LOGS}?${query}`, { as, org })).map((r) => r.resource);
  assert.deepEqual(await resources('orgauditor', eng), ['Eng-audited']);
  assert.deepEqual(await resources('admin', ops), ['Ops-audited']);
  assert.deepEqual((await resources('admin', 'ROOT')).sort(), ['Eng-audited', 'Ops-audited']);
  assert.deepEqual(await resources('admin', ''), []);
  assert.equal((await call('GET', OPERATE_LOGS, { as: 'orgauditor', org: ops })).statusCode, 403);
  assert.deepEqual(await resources('admin', 'ROOT', 'search=ops-aud'), ['Ops-audited']);
  assert.deepEqual(await resources('admin', 'ROOT', 'action=delete'), []);
  assert.deepEqual(
    (await resources('admin', 'ROOT', 'resource_type=User group&user=Administrator(admin)&remote_addr=127.0.0.1'))
      .length,
    2,
  );
});

test("FTP logs: a terminal posts them for users its door let in, into the asset's org; admins and auditors of that org list them", async (t) => {
  const app = await buildTerminalApp(t);
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const term = await registerTerminal(app);
  const post = (payload: unknown) => term.call('POST', FTP_LOGS, payload, { 'accept-language': 'en' });
  const body = {
    user: '李伟(liwei)',
    remote_addr: '127.0.0.22',
    asset: 'web-01(127.0.0.31)',
    system_user: 'deploy',
    operate: 'Upload',
    filename: '/srv/app/release.tar.gz',
    is_success: true,
    org_id: eng,
  };
  assert.equal((await post(body)).statusCode, 403, 'not signed in by this terminal');
  await doorSignIn(term, 'liwei');
  const posted = await post(body);
  assert.equal(posted.statusCode, 201, posted.body);
  assert.equal(posted.json().org_id, eng);
  assert.equal(posted.json().operate_display, 'Upload');
  await post({ ...body, operate: 'Mkdir', filename: '/srv/app/new', org_id: '' });
  const bad = await post({ ...body, operate: 'Chmod' });
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().operate);
  const missing = await post({ user: '李伟(liwei)' });
  assert.deepEqual(Object.keys(missing.json()).sort(), ['asset', 'filename', 'operate', 'system_user']);
  const unknownOrg = await post({ ...body, org_id: 'no-such-org' });
  assert.equal(unknownOrg.statusCode, 400);

  const inEng = rowsOf(await call('GET', FTP_LOGS, { as: 'orgauditor', org: eng }));
  assert.deepEqual(
    inEng.map((r) => r.filename),
    ['/srv/app/release.tar.gz'],
  );
  assert.equal(inEng[0].date_start, '2024-01-15 16:30:00 +0800');
  assert.deepEqual(
    rowsOf(await call('GET', FTP_LOGS, { as: 'sysauditor' })).map((r) => r.operate),
    ['Mkdir'],
  );
  assert.deepEqual(rowsOf(await call('GET', `${FTP_LOGS}?search=release`, { as: 'orgadmin', org: eng })).length, 1);
  assert.deepEqual(rowsOf(await call('GET', `${FTP_LOGS}?system_user=root`, { as: 'orgadmin', org: eng })).length, 0);
  assert.equal((await call('GET', FTP_LOGS, { as: 'user', org: eng })).statusCode, 403);
  // 2.3 took rows from org admins and auditors too, naming anyone; only terminals write them now.
  for (const as of ['user', 'orgadmin', 'orgauditor', 'admin']) {
    assert.equal(
      (await call('POST', FTP_LOGS, { as, org: eng, payload: body })).statusCode,
      403,
      `${as} may not write`,
    );
  }
  assert.equal(rowsOf(await call('GET', FTP_LOGS, { as: 'orgauditor', org: eng })).length, 1);
});

test('command execution logs: seen in the org of the run-as system user, with hosts, names and success', async (t) => {
  const app = await build(t);
  const db = app.bastion.db;
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  const systemUser = (org: string) =>
    db.prepare('SELECT id, name FROM system_users WHERE org_id = ? ORDER BY name LIMIT 1').get(org) as {
      id: string;
      name: string;
    };
  const asset = (org: string) =>
    db.prepare('SELECT id, hostname, ip FROM assets WHERE org_id = ? ORDER BY hostname LIMIT 1').get(org) as {
      id: string;
      hostname: string;
      ip: string;
    };
  const liwei = db.prepare("SELECT id FROM users WHERE username = 'liwei'").pluck().get();
  const insert =
    db.prepare(`INSERT INTO command_executions (id, run_as, user, command, is_finished, result, date_created, date_start, org_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const at = new Date(app.clock.now() - HOUR).toISOString();
  insert.run(
    '11111111-1111-4111-8111-111111111111',
    systemUser(eng).id,
    liwei,
    'uptime',
    1,
    '{"ok": {"web": "up 3 days"}}',
    at,
    at,
    eng,
  );
  insert.run(
    '22222222-2222-4222-8222-222222222222',
    systemUser(ops).id,
    liwei,
    'df -h',
    1,
    '{"error": "unreachable"}',
    at,
    at,
    ops,
  );
  db.prepare('INSERT INTO command_execution_hosts (commandexecution_id, asset_id) VALUES (?, ?)').run(
    '11111111-1111-4111-8111-111111111111',
    asset(eng).id,
  );

  const engRows = rowsOf(await call('GET', EXEC_LOGS, { as: 'orgauditor', org: eng }));
  assert.deepEqual(
    engRows.map((r) => r.command),
    ['uptime'],
  );
  assert.equal(engRows[0].is_success, true);
  assert.equal(engRows[0].user_display, '李伟');
  assert.equal(engRows[0].run_as_display, systemUser(eng).name);
  assert.deepEqual(engRows[0].hosts, [asset(eng).id]);
  assert.deepEqual(engRows[0].result, { ok: { web: 'up 3 days' } });
  const opsRows = rowsOf(await call('GET', EXEC_LOGS, { as: 'admin', org: ops }));
  assert.deepEqual(
    opsRows.map((r) => [r.command, r.is_success]),
    [['df -h', false]],
  );
  assert.equal(rowsOf(await call('GET', EXEC_LOGS, { as: 'admin', org: 'ROOT' })).length, 2);
  assert.equal(
    rowsOf(await call('GET', `${EXEC_LOGS}?user__name=李伟&command=uptime`, { as: 'admin', org: eng })).length,
    1,
  );
  assert.equal(rowsOf(await call('GET', `${EXEC_LOGS}?run_as__name=nobody`, { as: 'admin', org: eng })).length, 0);
  assert.equal(rowsOf(await call('GET', `${EXEC_LOGS}?search=upti`, { as: 'admin', org: eng })).length, 1);
  const hosts = rowsOf(
    await call('GET', `${EXEC_HOSTS}?commandexecution=11111111-1111-4111-8111-111111111111`, {
      as: 'orgauditor',
      org: eng,
    }),
  );
  assert.deepEqual(
    hosts.map((h) => h.asset_display),
    [`${asset(eng).hostname}(${asset(eng).ip})`],
  );
  assert.deepEqual(
    rowsOf(await call('GET', EXEC_HOSTS, { as: 'admin', org: ops })),
    [],
    "hosts of another org's execution stay hidden",
  );
});
