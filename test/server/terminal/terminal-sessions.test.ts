// Sessions: a terminal opens them for users its door signed in (terminal from the caller, org from the
// target) and closes them; admins and auditors of the org read them with 2.3's filters, plain users are
// refused, orgs do not see each other's. (Who may create one, and what a record may never become:
// session-records-append-only.test.ts.)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { bearer, orgId, userId } from '../helpers.ts';
import { buildTerminalApp, registerTerminal, type App, type Terminal } from '../terminal-helpers.ts';
import { DAY } from '../perms/perms-world.ts';
import {
  doorSignIn,
  grantedDatabaseTarget,
  grantedTarget,
  openFor,
  openSession,
  ownTarget,
  sessionBody,
} from '../support/terminal-records.ts';

const URL = '/api/v1/terminal/sessions/';

const open = (term: Terminal, fields: Record<string, unknown>) =>
  openSession(term, String(fields.org_id ?? ''), fields);

const list = async (app: App, headers: Record<string, string>, query = '') =>
  app.inject({ method: 'GET', url: `${URL}?limit=50${query}`, headers });

test('a session opens online, closes with date_end, and its terminal is the caller', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const id = await open(term, { org_id: eng, login_from: 'WT' });
  const admin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng };
  const online = (await list(app, admin, '&is_finished=0')).json();
  assert.equal(online.count, 1);
  assert.equal(online.results[0].terminal, term.id);
  assert.equal(online.results[0].login_from_display, 'Web 终端');
  assert.equal(online.results[0].can_join, true);
  assert.equal(online.results[0].org_name, 'Engineering');

  // A terminal cannot pretend to be another: `terminal` in the body is ignored.
  const other = await registerTerminal(app, 'other');
  const user = await doorSignIn(other);
  const forged = await other.call('POST', URL, {
    ...sessionBody(user, await grantedTarget(other, user.id, eng)),
    terminal: term.id,
  });
  assert.equal(forged.json().terminal, other.id);
  // ... and cannot close a session it does not carry.
  assert.equal((await other.call('PATCH', `${URL}${id}/`, { is_finished: true })).statusCode, 403);

  app.clock.advance(90_000);
  const closed = await term.call('PATCH', `${URL}${id}/`, { is_finished: true, has_command: true });
  assert.equal(closed.statusCode, 200, closed.body);
  assert.equal(closed.json().is_finished, true);
  assert.ok(closed.json().date_end, 'date_end is set when the terminal does not send it');
  assert.equal(closed.json().can_join, false);
  assert.equal((await list(app, admin, `&is_finished=0&terminal=${term.id}`)).json().count, 0);
  assert.equal((await list(app, admin, `&is_finished=1&terminal=${term.id}`)).json().count, 1);

  // After a restart the terminal finds what it left open.
  const left = await open(term, { org_id: '' });
  const mine = (await term.call('GET', `${URL}?terminal=${term.id}&is_finished=0`)).json() as { id: string }[];
  assert.deepEqual(
    mine.map((s) => s.id),
    [left],
  );

  const again = await doorSignIn(term);
  const target = await grantedTarget(term, again.id, eng);
  assert.equal((await term.call('POST', URL, sessionBody(again, target, { id }))).statusCode, 400, 'ids are unique');
  // The org is the asset's, whatever the body names (2.3 filed the session under the body's org_id).
  const elsewhere = await term.call('POST', URL, sessionBody(again, target, { org_id: randomUUID() }));
  assert.equal(elsewhere.statusCode, 201, elsewhere.body);
  assert.equal(elsewhere.json().org_id, eng);
});

test('auditors read their org only; plain users are refused; nobody but a terminal writes one', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  await openFor(term, 'eng', ownTarget(app, 'eng', eng));
  await openFor(term, 'ops', ownTarget(app, 'ops', ops));
  await openFor(term, 'def', ownTarget(app, 'def', ''));

  const engAuditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const seen = (await list(app, engAuditor)).json();
  assert.deepEqual(
    seen.results.map((s: { user: string }) => s.user),
    ['eng(eng)'],
  );
  // Naming another org does not open it to an org auditor: there only the sessions they ran (none).
  assert.deepEqual((await list(app, { ...engAuditor, 'x-jms-org': ops })).json().results, []);
  const superAuditor = { ...(await bearer(app, 'sysauditor')), 'x-jms-org': 'ROOT' };
  assert.equal((await list(app, superAuditor)).json().count, 3);
  // Auditors read but do not write.
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: URL,
        headers: engAuditor,
        payload: { user: 'x', asset: 'y', system_user: 'z' },
      })
    ).statusCode,
    403,
  );

  // A plain user lists the sessions they ran (none here), and may not write one.
  const user = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  assert.deepEqual((await list(app, user)).json().results, []);
  const offered = (await app.inject({ method: 'OPTIONS', url: URL, headers: user })).json();
  assert.equal(offered.actions?.POST, undefined);

  // 2.3 let org admins create sessions in their org; a session is now only a terminal's record of its door.
  const orgadmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng };
  const made = await app.inject({
    method: 'POST',
    url: URL,
    headers: orgadmin,
    payload: { user: 'x', asset: 'y', system_user: 'z', org_id: ops },
  });
  assert.equal(made.statusCode, 403, made.body);
  assert.equal((await list(app, superAuditor)).json().count, 3, 'nothing written');
});

test('filters, date range on date_start, search, draw=1 command_amount, OPTIONS and CSV', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  // a: five days ago, from 127.0.0.7; b: now, a database app over the web terminal.
  app.clock.advance(-5 * DAY - 30 * 60_000);
  const a = await openFor(term, 'alice', ownTarget(app, 'alice', '', 'web-01'), {}, '127.0.0.7');
  app.clock.advance(5 * DAY + 30 * 60_000);
  const b = await openFor(term, 'user', await grantedDatabaseTarget(term, userId(app, 'user')), {
    protocol: 'mysql',
    login_from: 'WT',
  });
  const root = { ...(await bearer(app, 'admin')), 'x-jms-org': 'ROOT' };
  const bAsset = (await app.inject({ method: 'GET', url: `${URL}${b}/`, headers: root })).json().asset;
  const ids = async (query: string) =>
    ((await list(app, root, query)).json().results as { id: string }[]).map((s) => s.id);
  assert.deepEqual(await ids(''), [b, a], 'newest first');
  assert.deepEqual(await ids('&user=alice(alice)'), [a]);
  assert.deepEqual(await ids(`&asset=${encodeURIComponent(bAsset)}`), [b]);
  assert.deepEqual(await ids('&system_user=alice-ssh'), [a]);
  assert.deepEqual(await ids('&protocol=mysql'), [b]);
  assert.deepEqual(await ids('&login_from=WT'), [b]);
  assert.deepEqual(await ids('&remote_addr=127.0.0.7'), [a]);
  assert.deepEqual(await ids(`&terminal=${term.id}&is_finished=0`), [b, a]);
  const nested = await app.inject({
    method: 'GET',
    url: `/api/v1/terminal/terminals/${term.id}/sessions/?limit=5&protocol=mysql`,
    headers: root,
  });
  assert.deepEqual(
    nested.json().results.map((s: { id: string }) => s.id),
    [b],
    'terminals/<id>/sessions/ with the filters',
  );
  assert.deepEqual(await ids('&date_from=2024-01-12T00:00:00Z'), [b]);
  assert.deepEqual(await ids('&date_to=2024-01-12T00:00:00Z'), [a]);
  assert.deepEqual(await ids('&search=alice'), [a]);

  const start = Date.parse('2024-01-10T08:00:00Z') / 1000;
  await term.call(
    'POST',
    '/api/v1/terminal/commands/',
    [1, 2, 3].map((n) => ({
      user: 'alice',
      asset: 'web-01',
      system_user: 'root',
      input: `ls ${n}`,
      output: '',
      session: a,
      risk_level: 0,
      org_id: '',
      timestamp: start + n,
    })),
  );
  const drawn = (await list(app, root, '&draw=1&user=alice(alice)')).json().results[0];
  assert.equal(drawn.command_amount, 3);
  assert.equal(drawn.has_command, true, 'posting commands marks the session');

  const options = await app.inject({
    method: 'OPTIONS',
    url: `${URL}?draw=1`,
    headers: { ...root, 'accept-language': 'en' },
  });
  const fields = options.json().actions.GET;
  assert.equal(fields.login_from.label, 'Login from');
  assert.equal(fields.command_amount.label, 'Command amount');
  assert.equal(fields.is_finished.filter, true);
  const zh = (await app.inject({ method: 'OPTIONS', url: URL, headers: { ...root, 'accept-language': 'zh' } })).json()
    .actions.GET;
  assert.equal(zh.login_from.label, '登录来源');

  const csv = await app.inject({ method: 'GET', url: `${URL}?format=csv`, headers: root });
  assert.equal(csv.statusCode, 200);
  assert.match(csv.headers['content-type'] as string, /text\/csv/);
  assert.match(csv.body, /alice\(alice\)/);
});

test('join/validate: live joinable sessions, for admins or auditors of the session org, asked by a terminal', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const live = await open(term, { org_id: eng });
  const ask = (payload: object) => term.call('POST', `${URL}join/validate/`, payload);
  assert.deepEqual((await ask({ user_id: userId(app, 'orgauditor'), session_id: live })).json(), { ok: true, msg: '' });
  assert.equal((await ask({ user_id: userId(app, 'orgadmin'), session_id: live })).statusCode, 200);
  const plain = await ask({ user_id: userId(app, 'user'), session_id: live });
  assert.equal(plain.statusCode, 403);
  assert.deepEqual(plain.json(), { ok: false, msg: 'User does not have permission' });
  assert.equal(
    (await ask({ user_id: userId(app, 'mgarcia'), session_id: live })).statusCode,
    403,
    'auditor of another org',
  );
  await term.call('PATCH', `${URL}${live}/`, { is_finished: true });
  assert.equal(
    (await ask({ user_id: userId(app, 'orgauditor'), session_id: live })).json().msg,
    'Session is finished or the protocol not supported',
  );
  assert.equal((await ask({ user_id: 'x', session_id: live })).statusCode, 400);
  const admin = await bearer(app, 'admin');
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: `${URL}join/validate/`,
        headers: admin,
        payload: { user_id: userId(app, 'admin'), session_id: live },
      })
    ).statusCode,
    403,
    'terminals only',
  );
});
