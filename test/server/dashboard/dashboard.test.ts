// GET /api/v1/index/ (§2.12) on a known data set: sessions recorded by a registered terminal, sign-ins made
// through the API (each writes a login log), members and assets of a fresh org — checked per org, per
// window (7/30 days), per flag and per caller.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { bearer, userId } from '../helpers.ts';
import { caller } from '../audits/audits-fixture.ts';
import { buildTerminalApp, registerTerminal, type App } from '../terminal-helpers.ts';
import { recordedSession } from '../support/terminal-records.ts';

const INDEX = '/api/v1/index/';
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const WEEK = ['01-09', '01-10', '01-11', '01-12', '01-13', '01-14', '01-15'];

/** Org "Stats": members liwei, jsmith (disabled) and orgauditor (auditor); assets h1, h2, h3 (h3 disabled); sessions. */
async function dataSet(t: TestContext) {
  const app: App = await buildTerminalApp(t);
  const call = caller(app);
  const made = await call('POST', '/api/v1/orgs/orgs/', {
    payload: {
      name: 'Stats',
      users: [userId(app, 'liwei'), userId(app, 'jsmith')],
      auditors: [userId(app, 'orgauditor')],
    },
  });
  assert.equal(made.statusCode, 201, made.body);
  const stats = made.json().id as string;
  for (const [hostname, ip, active] of [
    ['h1', '127.0.9.1', true],
    ['h2', '127.0.9.2', true],
    ['h3', '127.0.9.3', false],
  ] as const) {
    const asset = await call('POST', '/api/v1/assets/assets/', {
      org: stats,
      payload: { hostname, ip, platform: 'Linux', is_active: active },
    });
    assert.equal(asset.statusCode, 201, asset.body);
  }
  const terminal = await registerTerminal(app);
  // As a terminal recorded them (the figures are what is read here; how a door records: terminal-sessions tests).
  const open = async (user: string, asset: string, agoMs: number, org: string, finished: boolean) =>
    recordedSession(app, terminal.id, { user, asset, org: org === 'DEFAULT' ? '' : org, agoMs, finished });
  const sessions = {
    s1: await open('Li Wei(liwei)', 'h1', HOUR, stats, true),
    s2: await open('Li Wei(liwei)', 'h2', 2 * HOUR, stats, false),
    s3: await open('John Smith(jsmith)', 'h1', DAY, stats, true),
    s4: await open('John Smith(jsmith)', 'h3', 10 * DAY, stats, true),
    other: await open('Administrator(admin)', 'elsewhere', HOUR / 2, 'DEFAULT', false),
  };
  // Sign-ins today: two members of Stats, one outsider; a failed attempt counts nowhere.
  await bearer(app, 'liwei');
  await bearer(app, 'orgauditor');
  await bearer(app, 'chenjie');
  await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'liwei', password: 'wrong' },
  });
  // Disabled after its sessions: still a member, counted as disabled.
  assert.equal(
    (await call('PATCH', `/api/v1/users/users/${userId(app, 'jsmith')}/`, { payload: { is_active: false } }))
      .statusCode,
    200,
  );
  return { app, call, stats, sessions };
}

test('the figures of an org over 7 days, as 2.3 names and orders them', async (t) => {
  const { call, stats, sessions } = await dataSet(t);
  const response = await call('GET', `${INDEX}?all=1`, { org: stats });
  assert.equal(response.statusCode, 200, response.body);
  const data = response.json();
  assert.deepEqual(Object.keys(data), [
    'total_count_users',
    'total_count_assets',
    'total_count_online_users',
    'total_count_online_sessions',
    'dates_metrics_date',
    'dates_metrics_total_count_login',
    'dates_metrics_total_count_active_users',
    'dates_metrics_total_count_active_assets',
    'dates_metrics_total_count_sign_in',
    'dates_total_count_active_users',
    'dates_total_count_inactive_users',
    'dates_total_count_disabled_users',
    'dates_total_count_active_assets',
    'dates_total_count_inactive_assets',
    'dates_total_count_disabled_assets',
    'dates_total_count_login_users',
    'dates_total_count_login_times',
    'dates_login_times_top5_users',
    'dates_login_times_top10_assets',
    'dates_login_times_top10_users',
    'dates_login_record_top10_sessions',
    'storage_status', // ours, superusers only (below)
  ]);
  assert.equal(data.total_count_users, 3);
  assert.equal(data.total_count_assets, 3);
  assert.equal(data.total_count_online_users, 1);
  assert.equal(data.total_count_online_sessions, 1);
  assert.deepEqual(data.dates_metrics_date, WEEK);
  assert.deepEqual(data.dates_metrics_total_count_login, [0, 0, 0, 0, 0, 1, 2]);
  assert.deepEqual(data.dates_metrics_total_count_active_users, [0, 0, 0, 0, 0, 1, 1]);
  assert.deepEqual(data.dates_metrics_total_count_active_assets, [0, 0, 0, 0, 0, 1, 2]);
  assert.deepEqual(data.dates_metrics_total_count_sign_in, [0, 0, 0, 0, 0, 0, 2]);
  assert.equal(data.dates_total_count_active_users, 2);
  assert.equal(data.dates_total_count_inactive_users, 1);
  assert.equal(data.dates_total_count_disabled_users, 1);
  assert.equal(data.dates_total_count_active_assets, 2);
  assert.equal(data.dates_total_count_inactive_assets, 1);
  assert.equal(data.dates_total_count_disabled_assets, 1);
  assert.equal(data.dates_total_count_login_users, 2);
  assert.equal(data.dates_total_count_login_times, 3);
  assert.deepEqual(data.dates_login_times_top5_users, [
    { user: 'Li Wei(liwei)', total: 2 },
    { user: 'John Smith(jsmith)', total: 1 },
  ]);
  assert.deepEqual(data.dates_login_times_top10_assets, [
    { asset: 'h1', total: 2, last: '2024-01-15 15:30:00 +0800' },
    { asset: 'h2', total: 1, last: '2024-01-15 14:30:00 +0800' },
  ]);
  assert.deepEqual(
    data.dates_login_times_top10_users.map((u: { user: string; total: number }) => [u.user, u.total]),
    [
      ['Li Wei(liwei)', 2],
      ['John Smith(jsmith)', 1],
    ],
  );
  assert.deepEqual(data.dates_login_record_top10_sessions, [
    {
      id: sessions.s1,
      user: 'Li Wei(liwei)',
      asset: 'h1',
      is_finished: true,
      date_start: '2024-01-15 15:30:00 +0800',
      timesince: '1 hour',
    },
    {
      id: sessions.s2,
      user: 'Li Wei(liwei)',
      asset: 'h2',
      is_finished: false,
      date_start: '2024-01-15 14:30:00 +0800',
      timesince: '2 hours',
    },
    {
      id: sessions.s3,
      user: 'John Smith(jsmith)',
      asset: 'h1',
      is_finished: true,
      date_start: '2024-01-14 16:30:00 +0800',
      timesince: '1 day',
    },
  ]);
});

test('monthly=1 widens every window to 30 days', async (t) => {
  const { call, stats } = await dataSet(t);
  const data = (
    await call(
      'GET',
      `${INDEX}?monthly=1&dates_metrics=1&dates_total_count=1&dates_total_count_assets=1&dates_login_times_top10_assets=1`,
      { org: stats },
    )
  ).json();
  assert.equal(data.dates_metrics_date.length, 30);
  assert.equal(data.dates_metrics_date[0], '12-17');
  assert.equal(data.dates_metrics_date[29], '01-15');
  assert.equal(data.dates_metrics_total_count_login[19], 1, 'the session of 01-05');
  assert.equal(
    data.dates_metrics_total_count_login.reduce((a: number, b: number) => a + b, 0),
    4,
  );
  assert.equal(data.dates_total_count_login_times, 4);
  assert.equal(data.dates_total_count_active_assets, 3);
  assert.equal(data.dates_total_count_inactive_assets, 0);
  assert.deepEqual(
    data.dates_login_times_top10_assets.map((a: { asset: string; total: number }) => [a.asset, a.total]),
    [
      ['h1', 2],
      ['h2', 1],
      ['h3', 1],
    ],
  );
  const week = (await call('GET', `${INDEX}?monthly=0&dates_metrics=1`, { org: stats })).json();
  assert.deepEqual(week.dates_metrics_date, WEEK, 'monthly=0 is the week');
});

test('each org sees its own rows; DEFAULT its own; ROOT every org', async (t) => {
  const { app, call, stats } = await dataSet(t);
  const flags = 'total_count=1&dates_total_count=1&dates_login_times_top5_users=1';
  const inDefault = (await call('GET', `${INDEX}?${flags}`)).json();
  const everyone = app.bastion.db.prepare("SELECT COUNT(*) FROM users WHERE role != 'App'").pluck().get();
  assert.equal(inDefault.total_count_users, everyone);
  assert.equal(inDefault.total_count_online_sessions, 1);
  assert.deepEqual(inDefault.dates_login_times_top5_users, [{ user: 'Administrator(admin)', total: 1 }]);
  const root = (await call('GET', `${INDEX}?${flags}`, { org: 'ROOT' })).json();
  assert.equal(root.total_count_online_sessions, 2);
  assert.equal(root.dates_total_count_login_times, 4);
  const inStats = (await call('GET', `${INDEX}?${flags}`, { org: stats })).json();
  assert.equal(inStats.dates_total_count_login_times, 3);
  assert.ok(!JSON.stringify(inStats).includes('admin)'), 'no session of DEFAULT');
});

test('an empty org answers zeros and empty lists', async (t) => {
  const { call } = await dataSet(t);
  const empty = (await call('POST', '/api/v1/orgs/orgs/', { payload: { name: 'Empty' } })).json().id as string;
  const data = (await call('GET', `${INDEX}?all=1`, { org: empty })).json();
  for (const key of Object.keys(data).filter((k) => typeof data[k] === 'number')) assert.equal(data[key], 0, key);
  assert.deepEqual(data.dates_metrics_date, WEEK);
  for (const key of ['login', 'active_users', 'active_assets', 'sign_in'])
    assert.deepEqual(data[`dates_metrics_total_count_${key}`], [0, 0, 0, 0, 0, 0, 0], key);
  for (const key of [
    'dates_login_times_top5_users',
    'dates_login_times_top10_assets',
    'dates_login_times_top10_users',
    'dates_login_record_top10_sessions',
  ])
    assert.deepEqual(data[key], [], key);
});

test('flags add only their keys; unknown flags and odd values are ignored', async (t) => {
  const { call, stats } = await dataSet(t);
  assert.deepEqual((await call('GET', INDEX, { org: stats })).json(), {});
  assert.deepEqual((await call('GET', `${INDEX}?total_count_assets=1&bogus=1&total_count=0`, { org: stats })).json(), {
    total_count_assets: 3,
  });
  assert.deepEqual(Object.keys((await call('GET', `${INDEX}?total_count=1`, { org: stats })).json()), [
    'total_count_users',
    'total_count_assets',
    'total_count_online_users',
    'total_count_online_sessions',
  ]);
  // A NUL anywhere in a query is the server's general 400.
  assert.equal((await call('GET', `${INDEX}?all=%00`, { org: stats })).statusCode, 400);
  for (const query of [
    'all[]=1',
    'monthly=1&monthly=',
    'dates_metrics=1&dates_metrics=1',
    'total_count[a]=1',
    'all=' + 'x'.repeat(5000),
  ]) {
    const response = await call('GET', `${INDEX}?${query}`, { org: stats });
    assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
  }
});

test('org admins and auditors read it; others are refused', async (t) => {
  const { app, call, stats } = await dataSet(t);
  assert.equal((await app.inject({ method: 'GET', url: `${INDEX}?all=1` })).statusCode, 401);
  assert.equal((await call('GET', `${INDEX}?all=1`, { as: 'user' })).statusCode, 403);
  assert.equal((await call('GET', `${INDEX}?all=1`, { as: 'sysauditor' })).statusCode, 200);
  const auditor = await call('GET', `${INDEX}?total_count_users=1`, { as: 'orgauditor', org: stats });
  assert.deepEqual(auditor.json(), { total_count_users: 3 });
  assert.equal(
    (await call('GET', `${INDEX}?all=1`, { as: 'orgadmin', org: stats })).statusCode,
    403,
    'admin of another org only',
  );
  const zh = await call('GET', `${INDEX}?dates_login_record_top10_sessions=1`, { org: stats, lang: 'zh' });
  assert.equal(zh.json().dates_login_record_top10_sessions[0].timesince, '1 小时');
});

test("storage_status (superusers): the server's data folder and each terminal's, a full disk shown as such", async (t) => {
  const { app, call, stats } = await dataSet(t);
  const terminal = await registerTerminal(app, 'koko-full');
  // A heartbeat from a terminal whose disk refused a write, as demo/terminal/delivery/storage-health.ts reports it.
  const at = new Date(app.clock.now()).toISOString();
  const beat = await terminal.call('POST', '/api/v1/terminal/terminals/status/', {
    sessions: [],
    session_online: 0,
    cpu_load: 0,
    memory_used: 0,
    data_free_bytes: 0,
    data_total_bytes: 64 * 1024 * 1024,
    storage_fault: 'full',
    storage_last_fault: { kind: 'full', code: 'ENOSPC', message: 'no space left on device', at },
  });
  assert.equal(beat.statusCode, 201, beat.body);
  const status = (await call('GET', `${INDEX}?storage_status=1`)).json().storage_status;
  assert.ok(status.server.total_bytes > 0 && status.server.free_bytes >= 0, JSON.stringify(status.server));
  assert.ok(['ok', 'low'].includes(status.server.state), status.server.state);
  assert.equal(status.server.last_fault, null, 'no fault met by this server');
  const full = status.terminals.find((row: { name: string }) => row.name === 'koko-full');
  assert.deepEqual(
    { ...full, id: undefined },
    {
      id: undefined,
      name: 'koko-full',
      is_alive: true,
      state: 'full',
      free_bytes: 0,
      total_bytes: 64 * 1024 * 1024,
      last_fault: { kind: 'full', code: 'ENOSPC', message: 'no space left on device', at },
    },
  );
  // Space back: the next heartbeat clears the fault in force, the last one stays to read.
  await terminal.call('POST', '/api/v1/terminal/terminals/status/', {
    sessions: [],
    data_free_bytes: 60 * 1024 * 1024,
    data_total_bytes: 64 * 1024 * 1024,
    storage_fault: '',
    storage_last_fault: { kind: 'full', code: 'ENOSPC', message: 'no space left on device', at },
  });
  const again = (await call('GET', `${INDEX}?all=1`))
    .json()
    .storage_status.terminals.find((row: { name: string }) => row.name === 'koko-full');
  assert.equal(again.state, 'ok');
  assert.equal(again.last_fault.code, 'ENOSPC');
  // Org admins and auditors read the org's figures, not the host's storage.
  assert.equal(
    (await call('GET', `${INDEX}?all=1`, { as: 'orgauditor', org: stats })).json().storage_status,
    undefined,
  );
  assert.equal((await call('GET', `${INDEX}?storage_status=1`, { as: 'sysauditor' })).json().storage_status, undefined);
});

test("the Terminals list shows each terminal's storage from its heartbeat; OPTIONS describes it; junk is none", async (t) => {
  const app: App = await buildTerminalApp(t);
  const call = caller(app);
  const terminal = await registerTerminal(app, 'koko-storage');
  const row = async () => (await call('GET', `/api/v1/terminal/terminals/${terminal.id}/`)).json();
  assert.equal((await row()).storage_status, 'unknown', 'a 2.3 terminal reports nothing of it');
  await terminal.call('POST', '/api/v1/terminal/terminals/status/', {
    sessions: [],
    data_free_bytes: 10 * 1024 * 1024 * 1024,
    data_total_bytes: 20 * 1024 * 1024 * 1024,
    storage_fault: 'read_only',
    storage_last_fault: {
      kind: 'read_only',
      code: 'EROFS',
      message: 'read-only file system',
      at: new Date(app.clock.now()).toISOString(),
    },
  });
  const got = await row();
  assert.equal(got.storage_status, 'read_only');
  assert.equal(got.storage_status_display, 'Read-only');
  assert.equal(got.storage_free_bytes, 10 * 1024 * 1024 * 1024);
  assert.equal(got.storage_last_fault.code, 'EROFS');
  const list = (await call('GET', '/api/v1/terminal/terminals/?limit=10')).json().results as {
    name: string;
    storage_status: string;
  }[];
  assert.equal(list.find((item) => item.name === 'koko-storage')?.storage_status, 'read_only');
  const zh = await call('GET', `/api/v1/terminal/terminals/${terminal.id}/`, { lang: 'zh' });
  assert.equal(zh.json().storage_status_display, '存储只读');
  const options = (await call('OPTIONS', '/api/v1/terminal/terminals/')).json();
  const field = options.actions.GET?.storage_status ?? options.actions.POST?.storage_status;
  // As DRF: a read-only choice field lists no choices; the rows carry storage_status_display.
  assert.deepEqual([field.type, field.read_only, field.label], ['choice', true, 'Storage']);
  // What is not a fault kind, a byte count or a fault record is stored as nothing.
  await terminal.call('POST', '/api/v1/terminal/terminals/status/', {
    sessions: [],
    data_free_bytes: -1,
    data_total_bytes: 'lots',
    storage_fault: 'gone',
    storage_last_fault: { kind: 'bogus' },
  });
  const junk = await row();
  assert.deepEqual(
    [junk.storage_status, junk.storage_free_bytes, junk.storage_total_bytes, junk.storage_last_fault],
    ['unknown', null, null, null],
  );
});
