// The commands list's total for a bare time window comes from hourly totals plus the rows of its two partial
// hours (migration 21): it must equal a plain count for any window — edges inside an hour, on an hour,
// windows shorter than an hour, in an org and in ROOT — and follow commands as they are deleted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, orgId } from '../helpers.ts';
import { openSince } from '../support/terminal-records.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

const URL = '/api/v1/terminal/commands/';
const HOUR = 3600;

test('a time window counts exactly what a plain count finds, whatever its edges, in an org and in ROOT', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const now = Math.floor(app.clock.now() / 1000);
  const eng = orgId(app, 'Engineering');
  // A command's org is its session's; its time within the session (opened 51 hours ago, still open).
  const sessions = {
    [eng]: await openSince(app, term, 'eng', eng, 51 * HOUR * 1000),
    '': await openSince(app, term, 'def', '', 51 * HOUR * 1000),
  };
  // 400 commands over the last ~50 hours, some in DEFAULT, several in the same second.
  const commands = Array.from({ length: 400 }, (_, i) => ({
    user: 'Demo User(user)',
    asset: 'bj-api-01',
    system_user: 'deploy',
    input: `echo ${i}`,
    output: '',
    session: sessions[i % 5 === 0 ? '' : eng],
    risk_level: 0,
    org_id: i % 5 === 0 ? '' : eng,
    timestamp: now - ((i * 4513) % (50 * HOUR)) - (i % 3),
  }));
  assert.equal((await term.call('POST', URL, commands)).statusCode, 201);

  const admin = await bearer(app, 'admin');
  const count = async (org: string, from: number, to: number) => {
    const response = await app.inject({
      method: 'GET',
      url: `${URL}?limit=1&date_from=${from}&date_to=${to}`,
      headers: { ...admin, 'x-jms-org': org },
    });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { count: number }).count;
  };
  const plain = (org: string | null, from: number, to: number) =>
    commands.filter((c) => (org === null || c.org_id === org) && c.timestamp >= from && c.timestamp <= to).length;

  const hourStart = Math.floor(now / HOUR) * HOUR;
  const windows: [number, number][] = [
    [now - 48 * HOUR, now], // edges inside hours
    [hourStart - 30 * HOUR, hourStart - 1], // exactly whole hours
    [hourStart - 30 * HOUR + 1, hourStart - 2 * HOUR], // one second past an hour, ends on one
    [now - 1800, now - 60], // shorter than an hour
    [hourStart - 5 * HOUR - 10, hourStart - 4 * HOUR + 10], // one whole hour and two slivers
    [now - 100 * HOUR, now - 60 * HOUR], // nothing there
  ];
  for (const [from, to] of windows) {
    assert.equal(await count(eng, from, to), plain(eng, from, to), `Engineering ${from}..${to}`);
    assert.equal(
      await count('00000000-0000-0000-0000-000000000000', from, to),
      plain(null, from, to),
      `ROOT ${from}..${to}`,
    );
  }

  // Deleted commands leave the totals (a session's retention clean-up deletes rows).
  app.bastion.db.prepare('DELETE FROM commands WHERE input IN (?, ?, ?)').run('echo 1', 'echo 2', 'echo 3');
  const left = commands.filter((c) => !['echo 1', 'echo 2', 'echo 3'].includes(c.input));
  const [from, to] = windows[0];
  assert.equal(
    await count(eng, from, to),
    left.filter((c) => c.org_id === eng && c.timestamp >= from && c.timestamp <= to).length,
  );
});
