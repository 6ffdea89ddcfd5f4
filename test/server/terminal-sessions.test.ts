// Sessions: a terminal opens and closes them (terminal from the caller, org from the body), admins and
// auditors of the org read them with 2.3's filters, plain users are refused, orgs do not see each other's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { bearer, orgId, userId } from './helpers.ts';
import { buildTerminalApp, registerTerminal, type App, type Terminal } from './terminal-helpers.ts';

const URL = '/api/v1/terminal/sessions/';

async function open(term: Terminal, fields: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const response = await term.call('POST', URL, {
    id, user: 'Demo User(user)', asset: 'bj-api-01', system_user: 'deploy', login_from: 'ST', remote_addr: '127.0.0.5', protocol: 'ssh', ...fields,
  });
  assert.equal(response.statusCode, 201, response.body);
  return id;
}

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
  const forged = await other.call('POST', URL, { id: randomUUID(), user: 'u', asset: 'a', system_user: 's', terminal: term.id, org_id: eng });
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
  assert.deepEqual(mine.map((s) => s.id), [left]);

  assert.equal((await term.call('POST', URL, { id, user: 'u', asset: 'a', system_user: 's' })).statusCode, 400, 'ids are unique');
  const badOrg = await term.call('POST', URL, { id: randomUUID(), user: 'u', asset: 'a', system_user: 's', org_id: randomUUID() });
  assert.equal(badOrg.statusCode, 400);
  assert.ok(badOrg.json().org_id);
});

test('auditors read their org only; plain users are refused; org admins write into their own org', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  await open(term, { org_id: eng, user: 'Eng User(eng)' });
  await open(term, { org_id: ops, user: 'Ops User(ops)' });
  await open(term, { org_id: '', user: 'Default User(def)' });

  const engAuditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const seen = (await list(app, engAuditor)).json();
  assert.deepEqual(seen.results.map((s: { user: string }) => s.user), ['Eng User(eng)']);
  // Naming another org does not open it to an org auditor.
  assert.equal((await list(app, { ...engAuditor, 'x-jms-org': ops })).statusCode, 403);
  const superAuditor = { ...(await bearer(app, 'sysauditor')), 'x-jms-org': 'ROOT' };
  assert.equal((await list(app, superAuditor)).json().count, 3);
  // Auditors read but do not write.
  assert.equal((await app.inject({ method: 'POST', url: URL, headers: engAuditor, payload: { user: 'x', asset: 'y', system_user: 'z' } })).statusCode, 403);

  const user = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  assert.equal((await list(app, user)).statusCode, 403);
  assert.equal((await app.inject({ method: 'OPTIONS', url: URL, headers: user })).statusCode, 403);

  const orgadmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng };
  const made = await app.inject({ method: 'POST', url: URL, headers: orgadmin, payload: { user: 'x', asset: 'y', system_user: 'z', org_id: ops } });
  assert.equal(made.statusCode, 201, made.body);
  assert.equal(made.json().org_id, eng, 'an admin writes into the current org whatever the body says');
});

test('filters, date range on date_start, search, draw=1 command_amount, OPTIONS and CSV', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const root = { ...(await bearer(app, 'admin')), 'x-jms-org': 'ROOT' };
  const a = await open(term, { org_id: '', user: 'Alice(alice)', asset: 'web-01', system_user: 'root', protocol: 'ssh', remote_addr: '127.0.0.7', date_start: '2024-01-10T08:00:00Z' });
  const b = await open(term, { org_id: '', user: 'Bob(bob)', asset: 'db-01', system_user: 'dba', protocol: 'mysql', login_from: 'WT', date_start: '2024-01-14T08:00:00Z' });
  const ids = async (query: string) => ((await list(app, root, query)).json().results as { id: string }[]).map((s) => s.id);
  assert.deepEqual(await ids(''), [b, a], 'newest first');
  assert.deepEqual(await ids('&user=Alice(alice)'), [a]);
  assert.deepEqual(await ids('&asset=db-01'), [b]);
  assert.deepEqual(await ids('&system_user=root'), [a]);
  assert.deepEqual(await ids('&protocol=mysql'), [b]);
  assert.deepEqual(await ids('&login_from=WT'), [b]);
  assert.deepEqual(await ids('&remote_addr=127.0.0.7'), [a]);
  assert.deepEqual(await ids(`&terminal=${term.id}&is_finished=0`), [b, a]);
  const nested = await app.inject({ method: 'GET', url: `/api/v1/terminal/terminals/${term.id}/sessions/?limit=5&protocol=mysql`, headers: root });
  assert.deepEqual(nested.json().results.map((s: { id: string }) => s.id), [b], 'terminals/<id>/sessions/ with the filters');
  assert.deepEqual(await ids('&date_from=2024-01-12T00:00:00Z'), [b]);
  assert.deepEqual(await ids('&date_to=2024-01-12T00:00:00Z'), [a]);
  assert.deepEqual(await ids('&search=alice'), [a]);

  await term.call('POST', '/api/v1/terminal/commands/', [1, 2, 3].map((n) => ({
    user: 'alice', asset: 'web-01', system_user: 'root', input: `ls ${n}`, output: '', session: a, risk_level: 0, org_id: '', timestamp: 1705300000 + n,
  })));
  const drawn = (await list(app, root, '&draw=1&user=Alice(alice)')).json().results[0];
  assert.equal(drawn.command_amount, 3);
  assert.equal(drawn.has_command, true, 'posting commands marks the session');

  const options = await app.inject({ method: 'OPTIONS', url: `${URL}?draw=1`, headers: { ...root, 'accept-language': 'en' } });
  const fields = options.json().actions.GET;
  assert.equal(fields.login_from.label, 'Login from');
  assert.equal(fields.command_amount.label, 'Command amount');
  assert.equal(fields.is_finished.filter, true);
  const zh = (await app.inject({ method: 'OPTIONS', url: URL, headers: { ...root, 'accept-language': 'zh' } })).json().actions.GET;
  assert.equal(zh.login_from.label, '登录来源');

  const csv = await app.inject({ method: 'GET', url: `${URL}?format=csv`, headers: root });
  assert.equal(csv.statusCode, 200);
  assert.match(csv.headers['content-type'] as string, /text\/csv/);
  assert.match(csv.body, /Alice\(alice\)/);
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
  assert.equal((await ask({ user_id: userId(app, 'mgarcia'), session_id: live })).statusCode, 403, 'auditor of another org');
  await term.call('PATCH', `${URL}${live}/`, { is_finished: true });
  assert.equal((await ask({ user_id: userId(app, 'orgauditor'), session_id: live })).json().msg, 'Session is finished or the protocol not supported');
  assert.equal((await ask({ user_id: 'x', session_id: live })).statusCode, 400);
  const admin = await bearer(app, 'admin');
  assert.equal((await app.inject({ method: 'POST', url: `${URL}join/validate/`, headers: admin, payload: { user_id: userId(app, 'admin'), session_id: live } })).statusCode, 403, 'terminals only');
});
