// Nobody writes someone else's record: a session's commands and its close come only from the terminal
// that opened it — not from org admins or super admins, not from another registered terminal — and a
// command sent twice (a terminal retrying after a lost answer) is stored once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { bearer, orgId } from '../helpers.ts';
import { CLOCK_START_S, commandIn, openSession } from '../support/terminal-records.ts';
import { buildTerminalApp, registerTerminal, type App } from '../terminal-helpers.ts';

const COMMANDS = '/api/v1/terminal/commands/';
const SESSIONS = '/api/v1/terminal/sessions/';

const rows = (app: App) =>
  app.bastion.db.prepare('SELECT id, session, input, org_id FROM commands ORDER BY seq').all() as {
    id: string;
    session: string;
    input: string;
    org_id: string;
  }[];
const sessionRow = (app: App, id: string) =>
  app.bastion.db.prepare('SELECT * FROM terminal_sessions WHERE id = ?').get(id) as Record<string, unknown>;

test('only the terminal that opened a session writes its commands', async (t) => {
  const app = await buildTerminalApp(t);
  const owner = await registerTerminal(app, 'owner');
  const other = await registerTerminal(app, 'other');
  const eng = orgId(app, 'Engineering');
  const engSession = await openSession(owner, eng);
  const defaultSession = await openSession(owner, '');

  // Admins read commands; they do not write them, in their org or any other.
  const orgadmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng };
  const admin = { ...(await bearer(app, 'admin')), 'x-jms-org': 'ROOT' };
  for (const [who, headers, session] of [
    ['org admin', orgadmin, engSession],
    ['org admin', orgadmin, defaultSession],
    ['superuser', admin, engSession],
  ] as const) {
    const forged = await app.inject({
      method: 'POST',
      url: COMMANDS,
      headers,
      payload: [commandIn(session, 'forged')],
    });
    assert.equal(forged.statusCode, 403, `${who} into ${session}: ${forged.body}`);
    const options = await app.inject({ method: 'OPTIONS', url: COMMANDS, headers });
    assert.deepEqual(Object.keys(options.json().actions), ['GET'], `${who} is offered no POST`);
  }

  // Another registered terminal: refused, nothing written, the session not marked.
  const intruding = await other.call('POST', COMMANDS, [commandIn(engSession, 'not yours')]);
  assert.equal(intruding.statusCode, 400, intruding.body);
  assert.match(intruding.json().msg, /"session"/);
  // A batch with one item in someone else's session is refused whole (2.3's serializer: all or nothing).
  const mixed = await other.call('POST', COMMANDS, [
    commandIn(await openSession(other, eng), 'mine'),
    commandIn(engSession, 'not mine'),
  ]);
  assert.equal(mixed.statusCode, 400, mixed.body);
  const unknown = await owner.call('POST', COMMANDS, [commandIn(randomUUID(), 'nowhere')]);
  assert.equal(unknown.statusCode, 400, 'a session the server does not know');
  assert.equal((await owner.call('POST', COMMANDS, [commandIn('not-a-session', 'nowhere')])).statusCode, 400);
  assert.deepEqual(rows(app), []);
  assert.equal(sessionRow(app, engSession).has_command, 0);
  assert.equal(sessionRow(app, defaultSession).has_command, 0);

  // The owner writes; the org is the session's, whatever the body names.
  const taken = await owner.call('POST', COMMANDS, [
    commandIn(engSession, 'ls', { org_id: '' }),
    commandIn(defaultSession, 'pwd', { org_id: eng }),
  ]);
  assert.equal(taken.statusCode, 201, taken.body);
  assert.deepEqual(
    rows(app).map((row) => [row.input, row.org_id]),
    [
      ['ls', eng],
      ['pwd', ''],
    ],
  );
  assert.equal(sessionRow(app, engSession).has_command, 1);
});

test('a command id makes a resend harmless: stored once, answered as before', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const session = await openSession(term, '');
  const first = commandIn(session, 'echo once');
  const second = commandIn(session, 'echo twice', { timestamp: CLOCK_START_S + 1 });
  assert.equal((await term.call('POST', COMMANDS, [first])).statusCode, 201);
  // The answer was lost: the terminal sends the batch again, with what came since.
  const again = await term.call('POST', COMMANDS, [first, second]);
  assert.equal(again.statusCode, 201, again.body);
  assert.equal(again.json(), 'ok');
  assert.equal((await term.call('POST', COMMANDS, [second, second])).statusCode, 201, 'twice in one batch');
  assert.deepEqual(
    rows(app).map((row) => [row.id, row.input]),
    [
      [first.id, 'echo once'],
      [second.id, 'echo twice'],
    ],
  );
  // An id kept by a command of another session is not this command: refused, not silently dropped.
  const elsewhere = await term.call('POST', COMMANDS, [{ ...first, session: await openSession(term, '') }]);
  assert.equal(elsewhere.statusCode, 400, elsewhere.body);
  assert.match(elsewhere.json().msg, /"id"/);
  // The list keeps 2.3's shape: the id is the one the terminal chose.
  const listed = await app.inject({
    method: 'GET',
    url: `${COMMANDS}?session_id=${session}`,
    headers: await bearer(app, 'admin'),
  });
  assert.deepEqual((listed.json() as { id: string }[]).map((c) => c.id).sort(), [first.id, second.id].sort());
});

test('only the terminal that opened a session changes it', async (t) => {
  const app = await buildTerminalApp(t);
  const owner = await registerTerminal(app, 'owner');
  const other = await registerTerminal(app, 'other');
  const eng = orgId(app, 'Engineering');
  const id = await openSession(owner, eng);
  const before = sessionRow(app, id);
  app.clock.advance(60_000);
  const closing = { is_finished: true, date_end: '2024-01-15T08:31:00Z', has_command: true };
  const orgadmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': eng };
  const admin = { ...(await bearer(app, 'admin')), 'x-jms-org': eng };
  for (const [who, headers] of [
    ['org admin', orgadmin],
    ['superuser', admin],
  ] as const) {
    for (const method of ['PATCH', 'PUT'] as const) {
      const response = await app.inject({
        method,
        url: `${SESSIONS}${id}/`,
        headers,
        payload: { user: 'x', asset: 'y', system_user: 'z', ...closing },
      });
      assert.equal(response.statusCode, 403, `${who} ${method}: ${response.body}`);
    }
    // Sessions take no list-level writes: one session, one change, by its terminal.
    const bulk = await app.inject({ method: 'PATCH', url: SESSIONS, headers, payload: [{ id, ...closing }] });
    assert.equal(bulk.statusCode, 405, `${who} bulk PATCH`);
  }
  assert.equal((await other.call('PATCH', `${SESSIONS}${id}/`, closing)).statusCode, 403, 'another terminal');
  assert.equal((await other.call('PATCH', SESSIONS, [{ id, ...closing }])).statusCode, 405, 'another terminal, bulk');
  assert.deepEqual(sessionRow(app, id), before, 'nothing changed');

  const closed = await owner.call('PATCH', `${SESSIONS}${id}/`, closing);
  assert.equal(closed.statusCode, 200, closed.body);
  assert.equal(sessionRow(app, id).is_finished, 1);
});
