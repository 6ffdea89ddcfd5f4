// Records a bastion keeps are append-only (issue 30): a session is created only for a user the terminal's
// door let in, with who/what/where/when set from that sign-in; a finished session and its recording never
// change (an identical retry is taken as done); commands only inside their session's time; FTP rows only
// from terminals, for users their door let in; no DELETE of any audit record; retention removes a session
// with its commands and recording together. Each row: the attempt, the status, what the database holds.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { bearer, orgId, userId } from '../helpers.ts';
import { buildTerminalApp, registerTerminal, type App, type Terminal } from '../terminal-helpers.ts';
import { CLOCK_START_S, commandIn, doorSignIn, grantedTarget, sessionBody } from '../support/terminal-records.ts';
import { expireSessions } from '../../../demo/server/terminal/session-retention.ts';
import { ReplayFiles } from '../../../demo/server/terminal/replay-files.ts';
import { dirname, join } from 'node:path';

const SESSIONS = '/api/v1/terminal/sessions/';
const COMMANDS = '/api/v1/terminal/commands/';
const FTP = '/api/v1/audits/ftp-logs/';
const CAST = (text: string) =>
  `${JSON.stringify({ version: 2, width: 80, height: 24 })}\n${JSON.stringify([0.1, 'o', text])}\n`;

function multipart(text: string) {
  const boundary = 'append-only-boundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.cast"\r\nContent-Type: application/octet-stream\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (term: Terminal, id: string, text: string) => {
  const { payload, headers } = multipart(text);
  return term.call('POST', `${SESSIONS}${id}/replay/`, payload, headers);
};

type Row = Record<string, unknown>;
const sessionRow = (app: App, id: string) =>
  app.bastion.db.prepare('SELECT * FROM terminal_sessions WHERE id = ?').get(id) as Row | undefined;
const count = (app: App, sql: string, ...params: unknown[]) =>
  app.bastion.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

async function world(t: Parameters<typeof buildTerminalApp>[0]) {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const other = await registerTerminal(app, 'other-terminal');
  const eng = orgId(app, 'Engineering');
  const admin = { ...(await bearer(app, 'admin')), 'x-jms-org': 'ROOT' };
  const engAdmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng };
  const engAuditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const as = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...headers, 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  return { app, term, other, eng, admin, engAdmin, engAuditor, as };
}

test("sessions are created only for users the terminal's door signed in, with the sign-in's facts", async (t) => {
  const { app, term, other, eng, admin } = await world(t);
  const user = await doorSignIn(term, 'user', '127.0.0.7');
  const target = await grantedTarget(term, user.id, eng);
  const adminId = userId(app, 'admin');
  const sessions = () => count(app, 'SELECT COUNT(*) FROM terminal_sessions WHERE is_sample = 0');

  const attempts: [string, () => Promise<{ statusCode: number }>, number][] = [
    // 2.3: any terminal recorded a session of `admin` in any org from the body alone.
    [
      'admin, never signed in by this terminal',
      () => term.call('POST', SESSIONS, sessionBody({ id: adminId, username: 'admin', name: 'Administrator' }, target)),
      403,
    ],
    ['a user another terminal signed in', () => other.call('POST', SESSIONS, sessionBody(user, target)), 403],
    [
      'no user_id (2.3 let it be empty)',
      () => term.call('POST', SESSIONS, { ...sessionBody(user, target), user_id: '' }),
      400,
    ],
    [
      'an asset the user is not granted',
      async () => {
        // An asset of the same org that no permission grants the user (the seed grants most of them).
        const granted = (
          (await term.call('GET', `/api/v1/perms/users/${user.id}/assets/`)).json() as { id: string }[]
        ).map((a) => a.id);
        const hidden = (
          app.bastion.db.prepare('SELECT id FROM assets WHERE org_id = ?').pluck().all(eng) as string[]
        ).find((id) => !granted.includes(id));
        assert.ok(hidden, 'the seed has an asset in Engineering the user is not granted');
        return term.call('POST', SESSIONS, { ...sessionBody(user, target), asset_id: hidden });
      },
      403,
    ],
    [
      'a start in 2020',
      () => term.call('POST', SESSIONS, sessionBody(user, target, { date_start: '2020-01-01T00:00:00Z' })),
      400,
    ],
    [
      'an admin creating one',
      () => app.inject({ method: 'POST', url: SESSIONS, headers: admin, payload: sessionBody(user, target) as never }),
      403,
    ],
  ];
  for (const [name, attempt, status] of attempts) {
    assert.equal((await attempt()).statusCode, status, name);
    assert.equal(sessions(), 0, `${name}: nothing recorded`);
  }

  // Signed in: the body's names, org and address are not what is stored; the sign-in's are.
  const lying = sessionBody(user, target, {
    user: 'Administrator(admin)',
    asset: 'somewhere',
    system_user: 'root',
    org_id: '',
    remote_addr: '127.9.9.9',
  });
  const created = await term.call('POST', SESSIONS, lying);
  assert.equal(created.statusCode, 201, created.body);
  const stored = sessionRow(app, String(lying.id))!;
  assert.deepEqual(
    [
      stored.user,
      stored.user_id,
      stored.asset,
      stored.system_user,
      stored.org_id,
      stored.remote_addr,
      stored.terminal,
      stored.is_finished,
    ],
    ['Demo User(user)', user.id, target.hostname, target.systemUser, eng, '127.0.0.7', term.id, 0],
  );
});

test('a redeemed connection token opens exactly one session, on its own target, from the vouched address', async (t) => {
  const { app, term, eng } = await world(t);
  const browser = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  const uid = userId(app, 'user');
  const target = await grantedTarget(term, uid, eng);
  const issued = await app.inject({
    method: 'POST',
    url: '/api/v1/users/connection-token/',
    headers: browser,
    payload: { asset: target.assetId, system_user: target.systemUserId },
  });
  assert.equal(issued.statusCode, 201, issued.body);
  const redeemed = await term.call('GET', `/api/v1/users/connection-token/?token=${issued.json().token}&user=${uid}`);
  assert.equal(redeemed.statusCode, 200, redeemed.body);
  const user = { id: uid, username: 'user', name: 'Demo User' };
  const other = await grantedTarget(term, uid, eng, target.hostname === 'bj-api-01' ? 'bj-api-02' : 'bj-api-01');
  assert.equal(
    (await term.call('POST', SESSIONS, sessionBody(user, other, { login_from: 'WT' }))).statusCode,
    403,
    "another asset than the token's",
  );
  const first = sessionBody(user, target, { login_from: 'WT' });
  assert.equal((await term.call('POST', SESSIONS, first)).statusCode, 201);
  assert.equal(sessionRow(app, String(first.id))!.remote_addr, '127.0.0.1', 'the address the token was asked from');
  assert.equal(
    (await term.call('POST', SESSIONS, sessionBody(user, target, { login_from: 'WT' }))).statusCode,
    403,
    'the token is spent',
  );
});

test('a finished session and its recording are never changed; an identical retry is taken as done', async (t) => {
  const { app, term, other, eng, admin } = await world(t);
  const user = await doorSignIn(term);
  const body = sessionBody(user, await grantedTarget(term, user.id, eng));
  assert.equal((await term.call('POST', SESSIONS, body)).statusCode, 201);
  const id = String(body.id);
  const url = `${SESSIONS}${id}/`;
  const replay = async () => (await app.inject({ method: 'GET', url: `${url}replay/asciicast/`, headers: admin })).body;

  // While open: only the finish changes it.
  for (const [name, patch] of [
    ['user', { user: 'Administrator(admin)' }],
    ['remote_addr', { remote_addr: '127.8.8.8' }],
    ['org_id', { org_id: '' }],
    ['date_start', { date_start: '2020-01-01T00:00:00Z' }],
    ['date_end without finishing', { date_end: '2024-01-15T08:31:00Z' }],
    ['has_replay without a recording', { has_replay: true }],
  ] as const) {
    const answer = await term.call('PATCH', url, patch);
    assert.equal(answer.statusCode, 400, `${name}: ${answer.body}`);
  }
  assert.equal(sessionRow(app, id)!.user, 'Demo User(user)');
  assert.equal(sessionRow(app, id)!.date_start, '2024-01-15T08:30:00.000Z');

  assert.equal((await upload(term, id, CAST('first'))).statusCode, 201);
  assert.equal((await upload(term, id, CAST('first'))).statusCode, 201, 'the same recording again: already done');
  assert.equal((await upload(term, id, CAST('rewritten'))).statusCode, 409, 'another recording');
  assert.equal((await upload(other, id, CAST('rewritten'))).statusCode, 403, 'another terminal');
  assert.match(await replay(), /first/);

  app.clock.advance(60_000);
  const finish = { is_finished: true, date_end: '2024-01-15T08:31:00.000Z', has_command: false, has_replay: true };
  assert.equal((await term.call('PATCH', url, finish)).statusCode, 200);
  const finished = sessionRow(app, id)!;
  assert.equal((await term.call('PATCH', url, finish)).statusCode, 200, "the journal's retry of the same finish");
  assert.deepEqual(sessionRow(app, id), finished);

  const attempts: [string, Row][] = [
    ['is_finished false', { is_finished: false }],
    ['another end', { ...finish, date_end: '2024-01-15T08:40:00.000Z' }],
    ['user', { user: 'Administrator(admin)' }],
    ['user_id', { user_id: userId(app, 'admin') }],
    ['remote_addr', { remote_addr: '127.8.8.8' }],
    ['has_replay false', { has_replay: false }],
    ['has_command true', { has_command: true }],
    ['asset', { asset: 'elsewhere' }],
  ];
  for (const [name, patch] of attempts) {
    const answer = await term.call('PATCH', url, patch);
    assert.equal(answer.statusCode, 400, `${name}: ${answer.body}`);
    assert.deepEqual(sessionRow(app, id), finished, `${name}: the record is as it was`);
  }
  assert.equal((await upload(term, id, CAST('rewritten'))).statusCode, 409);
  assert.match(await replay(), /first/, 'the recording is the first upload');
  // Commands back-dated into 2020, or after the end: refused; inside: stored under the session's names.
  const before = count(app, 'SELECT COUNT(*) FROM commands WHERE session = ?', id);
  for (const [name, timestamp] of [
    ['2020', 1577836800],
    ['after the end', CLOCK_START_S + 3600],
    ['before the start', CLOCK_START_S - 60],
  ] as const) {
    const answer = await term.call('POST', COMMANDS, [commandIn(id, `rm -rf / # ${name}`, { timestamp })]);
    assert.equal(answer.statusCode, 400, name);
  }
  assert.equal(count(app, 'SELECT COUNT(*) FROM commands WHERE session = ?', id), before);
  const inside = await term.call('POST', COMMANDS, [
    commandIn(id, 'uptime', { timestamp: CLOCK_START_S + 30, user: 'Administrator(admin)' }),
  ]);
  assert.equal(inside.statusCode, 201, inside.body);
  assert.equal(
    app.bastion.db.prepare('SELECT user FROM commands WHERE session = ?').pluck().get(id),
    'Demo User(user)',
  );
});

test('nobody deletes audit records through the API: 405 with the reason, everything still there', async (t) => {
  const { app, term, eng, admin, engAdmin, engAuditor, as } = await world(t);
  const user = await doorSignIn(term);
  const body = sessionBody(user, await grantedTarget(term, user.id, eng));
  await term.call('POST', SESSIONS, body);
  const id = String(body.id);
  assert.equal((await term.call('POST', COMMANDS, [commandIn(id, 'ls')])).statusCode, 201);
  const attempts: [string, Record<string, string>, string][] = [
    ['admin, one session', admin, `${SESSIONS}${id}/`],
    ['org admin, one session', engAdmin, `${SESSIONS}${id}/`],
    ['admin, the session list', admin, `${SESSIONS}?id=${id}`],
    ['admin, commands', admin, `${COMMANDS}?session_id=${id}`],
    ['admin, FTP logs', admin, FTP],
    ['admin, login logs', admin, '/api/v1/audits/login-logs/'],
    ['admin, operate logs', admin, '/api/v1/audits/operate-logs/'],
    ['org auditor, one session', engAuditor, `${SESSIONS}${id}/`],
  ];
  const logins = count(app, 'SELECT COUNT(*) FROM login_logs');
  for (const [name, headers, url] of attempts) {
    const answer = await as(headers, 'DELETE', url);
    assert.equal(answer.statusCode, 405, `${name}: ${answer.body}`);
    assert.match(answer.json().detail, /append-only/, name);
  }
  assert.equal((await term.call('DELETE', `${SESSIONS}${id}/`)).statusCode, 405, 'the terminal itself');
  assert.ok(sessionRow(app, id));
  assert.equal(count(app, 'SELECT COUNT(*) FROM commands WHERE session = ?', id), 1);
  assert.ok(count(app, 'SELECT COUNT(*) FROM login_logs') >= logins);
});

test("FTP rows come only from terminals, for users their door let in, under the server's names", async (t) => {
  const { app, term, other, eng, engAdmin, engAuditor, as } = await world(t);
  const row = (fields: Row = {}) => ({
    id: randomUUID(),
    user: 'Demo User(user)',
    remote_addr: '127.0.0.5',
    asset: 'bj-api-01',
    system_user: 'deploy',
    operate: 'Download',
    filename: '/etc/passwd',
    is_success: true,
    org_id: eng,
    ...fields,
  });
  const rows = () => count(app, 'SELECT COUNT(*) FROM ftp_logs WHERE is_sample = 0');
  const attempts: [string, () => Promise<{ statusCode: number }>, number][] = [
    ['an org admin naming any user', () => as(engAdmin, 'POST', FTP, row({ user: 'Administrator(admin)' })), 403],
    ['the read-only org auditor', () => as(engAuditor, 'POST', FTP, row()), 403],
    ['a terminal that never signed the user in', () => term.call('POST', FTP, row()), 403],
  ];
  for (const [name, attempt, status] of attempts) {
    assert.equal((await attempt()).statusCode, status, name);
    assert.equal(rows(), 0, `${name}: nothing written`);
  }
  const user = await doorSignIn(term);
  const target = await grantedTarget(term, user.id, eng);
  assert.equal(
    (await other.call('POST', FTP, row({ user_id: user.id }))).statusCode,
    403,
    'another terminal than the one that signed them in',
  );
  const taken = await term.call(
    'POST',
    FTP,
    row({
      user_id: user.id,
      user: 'Administrator(admin)',
      asset_id: target.assetId,
      system_user_id: target.systemUserId,
      asset: 'x',
      org_id: '',
    }),
  );
  assert.equal(taken.statusCode, 201, taken.body);
  const stored = app.bastion.db
    .prepare('SELECT user, asset, system_user, org_id FROM ftp_logs WHERE is_sample = 0')
    .get() as Row;
  assert.deepEqual(stored, {
    user: 'Demo User(user)',
    asset: target.hostname,
    system_user: target.systemUser,
    org_id: eng,
  });
});

test('retention removes a session with its commands and recording together, and nothing newer', async (t) => {
  const { app, term, eng } = await world(t);
  const user = await doorSignIn(term);
  const target = await grantedTarget(term, user.id, eng);
  const old = sessionBody(user, target);
  await term.call('POST', SESSIONS, old);
  await term.call('POST', COMMANDS, [commandIn(String(old.id), 'ls')]);
  assert.equal((await upload(term, String(old.id), CAST('old'))).statusCode, 201);
  app.clock.advance(3 * 86_400_000);
  const fresh = sessionBody(await doorSignIn(term), target);
  assert.equal((await term.call('POST', SESSIONS, fresh)).statusCode, 201);
  app.bastion.settings.set('TERMINAL_SESSION_KEEP_DURATION', 2, 'terminal');
  const dbFile = app.bastion.db.name;
  const replays = new ReplayFiles(join(dirname(dbFile), 'replays'));
  assert.ok(replays.exists(String(old.id)));
  assert.equal(expireSessions(app.bastion.db, replays, app.bastion.settings, app.clock.now()), 1);
  assert.equal(sessionRow(app, String(old.id)), undefined);
  assert.equal(count(app, 'SELECT COUNT(*) FROM commands WHERE session = ?', old.id), 0);
  assert.equal(replays.exists(String(old.id)), false);
  assert.ok(sessionRow(app, String(fresh.id)));
  const auditor = { ...(await bearer(app, 'sysauditor')), 'x-jms-org': 'ROOT' };
  assert.equal((await app.inject({ method: 'GET', url: `${SESSIONS}${old.id}/`, headers: auditor })).statusCode, 404);
});
