// Commands: terminals post arrays into their sessions; the list reads a time window (default the last 5
// days) with 2.3's filters; the HTML export escapes every value; refusals write nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { bearer, orgId } from '../helpers.ts';
import { CLOCK_START_S, openFor, openSession, ownTarget } from '../support/terminal-records.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

const URL = '/api/v1/terminal/commands/';
const DAY = 86_400;

test('commands: default 5-day window, date range, each filter, session without window, risk display', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const now = Math.floor(app.clock.now() / 1000);
  const eng = orgId(app, 'Engineering');
  // Sessions opened ten days ago and still open: a command is taken only within its session's time.
  app.clock.advance(-(10 * DAY + 60) * 1000);
  const s1 = await openFor(term, 'demo', ownTarget(app, 'demo', eng, 'bj-api-01x'));
  const s2 = await openFor(term, 'liwei-w', ownTarget(app, 'liwei-w', eng, 'bj-api-02x'));
  const elsewhere = await openFor(term, 'other', ownTarget(app, 'other', '', 'def-host'));
  app.clock.advance((10 * DAY + 60) * 1000);
  const command = (input: string, fields: Record<string, unknown> = {}) => ({
    user: 'Demo User(user)',
    asset: 'bj-api-01',
    system_user: 'deploy',
    input,
    output: `out of ${input}`,
    session: s1,
    risk_level: 0,
    org_id: eng,
    timestamp: now - 60,
    ...fields,
  });
  const posted = await term.call('POST', URL, [
    command('ls -la'),
    command('rm -rf /tmp/x', { risk_level: 5, timestamp: now - 120 }),
    // A command's user, asset and system user are its session's, whatever the body says.
    command('whoami', { user: 'Administrator(admin)', session: s2, timestamp: now - 3 * DAY }),
    command('uptime', { timestamp: now - 6 * DAY }),
    command('df -h', { timestamp: now - 10 * DAY, session: s2 }),
    // A command's org is its session's, whatever the body says.
    command('hidden elsewhere', { session: elsewhere, org_id: eng }),
    command('still Engineering', { org_id: '', timestamp: now - 8 * DAY }),
  ]);
  assert.equal(posted.statusCode, 201, posted.body);
  assert.equal(posted.json(), 'ok');

  const auditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng, 'accept-language': 'en' };
  const inputs = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `${URL}?limit=20${query}`, headers: auditor });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json().results as { input: string }[]).map((c) => c.input);
  };
  assert.deepEqual(await inputs(), ['ls -la', 'rm -rf /tmp/x', 'whoami'], 'last 5 days, newest first, this org only');
  const iso = (epoch: number) => new Date(epoch * 1000).toISOString();
  assert.deepEqual(await inputs(`&date_from=${iso(now - 7 * DAY)}&date_to=${iso(now - 2 * DAY)}`), [
    'whoami',
    'uptime',
  ]);
  assert.deepEqual(await inputs('&user=liwei'), ['whoami'], 'user is a prefix');
  assert.deepEqual(await inputs('&user=Administrator'), [], "the body's user was not stored");
  assert.deepEqual(await inputs('&asset=bj-api-02x'), ['whoami']);
  assert.deepEqual(await inputs('&system_user=liwei-w-ssh'), ['whoami']);
  assert.deepEqual(await inputs('&input=RM%20-rf'), ['rm -rf /tmp/x'], 'input contains, any case');
  assert.deepEqual(await inputs('&input=am'), ['whoami'], 'short input too');
  assert.deepEqual(await inputs('&risk_level=5'), ['rm -rf /tmp/x']);
  assert.deepEqual(await inputs(`&session_id=${s2}`), ['whoami', 'df -h'], 'one session: no default window');
  assert.deepEqual(await inputs(`&session_id=${s1}&date_from=${iso(now - 9 * DAY)}&date_to=${iso(now - 7 * DAY)}`), [
    'still Engineering',
  ]);
  const first = (await app.inject({ method: 'GET', url: `${URL}?limit=1&risk_level=5`, headers: auditor })).json()
    .results[0];
  assert.equal(first.risk_level_display, 'Dangerous');
  assert.equal(first.output, 'out of rm -rf /tmp/x');
  assert.equal(first.org_id, eng);
  assert.equal(first.timestamp, now - 120);

  // A plain user reads the commands of a session they ran, named by session_id: without one, none.
  const user = { ...(await bearer(app, 'user')), 'x-jms-org': eng };
  assert.equal((await app.inject({ method: 'GET', url: `${URL}?limit=10`, headers: user })).json().count, 0);
  assert.equal((await app.inject({ method: 'POST', url: URL, headers: user, payload: [] })).statusCode, 403);
  assert.equal(
    (await app.inject({ method: 'POST', url: URL, headers: auditor, payload: [command('x')] })).statusCode,
    403,
    'auditors read only',
  );
  assert.equal(
    (await app.inject({ method: 'GET', url: `${URL}?date_from=yesterday`, headers: auditor })).statusCode,
    400,
  );

  const options = (await app.inject({ method: 'OPTIONS', url: URL, headers: auditor })).json();
  assert.deepEqual(Object.keys(options.actions), ['GET'], 'auditors are offered no POST');
  assert.equal(options.actions.GET.risk_level.label, 'Risk level');
  assert.equal(options.actions.GET.input.filter, true);
});

test('a bad item refuses the whole batch; long values are refused, control characters made visible', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const count = () => app.bastion.db.prepare('SELECT COUNT(*) FROM commands').pluck().get();
  const good = {
    user: 'u',
    asset: 'a',
    system_user: 's',
    input: 'ls',
    output: '',
    session: await openSession(term, ''),
    risk_level: 0,
    org_id: '',
    timestamp: CLOCK_START_S,
  };
  for (const bad of [
    { ...good, timestamp: 1577836800 },
    { ...good, risk_level: 3 },
    { ...good, input: 'x'.repeat(129) },
    { ...good, timestamp: 'soon' },
    { ...good, session: randomUUID() },
    { ...good, id: 'not-a-uuid' },
    { input: 'ls' },
  ]) {
    const response = await term.call('POST', URL, [good, bad]);
    assert.equal(response.statusCode, 400, JSON.stringify(bad));
    assert.match(response.json().msg, /Command not valid/);
  }
  assert.equal((await term.call('POST', URL, '"ls"', { 'content-type': 'application/json' })).statusCode, 400);
  assert.equal(count(), 0);
  const escapes = await term.call('POST', URL, [
    { ...good, input: 'echo \u001b[31mred', output: 'line1\r\nline2\u0007', timestamp: CLOCK_START_S + 0.75 },
  ]);
  assert.equal(escapes.statusCode, 201, escapes.body);
  const row = app.bastion.db.prepare('SELECT input, output, timestamp FROM commands').get() as {
    input: string;
    output: string;
    timestamp: number;
  };
  assert.equal(row.input, 'echo \ufffd[31mred');
  assert.equal(row.output, 'line1\r\nline2\ufffd');
  assert.equal(row.timestamp, CLOCK_START_S);
});

test('export: an HTML attachment with every value escaped', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const now = Math.floor(app.clock.now() / 1000);
  const posted = await term.call('POST', URL, [
    {
      user: 'Eve<script>(eve)',
      asset: 'a"b',
      system_user: 's',
      input: '<img src=x onerror=alert(1)>',
      output: '</td><b>bold</b>',
      session: await openFor(term, 'eve<script>', ownTarget(app, 'eve<script>', '', 'a"b')),
      risk_level: 5,
      org_id: '',
      timestamp: now,
    },
  ]);
  assert.equal(posted.statusCode, 201, posted.body);
  const admin = await bearer(app, 'admin');
  const report = await app.inject({ method: 'GET', url: `${URL}export/`, headers: admin });
  assert.equal(report.statusCode, 200);
  assert.match(report.headers['content-disposition'] as string, /attachment; filename="command-report-\d+\.html"/);
  assert.ok(report.body.includes('&lt;img src=x onerror=alert(1)&gt;'));
  assert.ok(report.body.includes('&lt;/td&gt;&lt;b&gt;bold&lt;/b&gt;'));
  assert.ok(report.body.includes('eve&lt;script&gt;(eve&lt;script&gt;)'), "the session's user, escaped");
  assert.ok(report.body.includes('a&quot;b'));
  assert.ok(!report.body.includes('<script'), 'no script at all');
  assert.ok(!report.body.includes('<img'));
  assert.equal(
    (await app.inject({ method: 'GET', url: `${URL}export/`, headers: await bearer(app, 'newuser') })).statusCode,
    403,
  );
});
