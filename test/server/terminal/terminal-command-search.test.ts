// The commands list's `input` search (2.3: input__icontains) with terms of every length: one and two
// characters match anywhere in a line (start, middle, end), in any case, with the right count and pages,
// exactly as a plain "contains" would; and migration 20 indexes the lines stored before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { migrations } from '../../../demo/server/core/db/migrations.ts';
import { bearer, orgId } from '../helpers.ts';
import { openSince } from '../support/terminal-records.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

const URL = '/api/v1/terminal/commands/';
const DAY = 86_400;

const LINES = [
  'df',
  'df -h',
  'xdf',
  'DF -H',
  'cd /srv/df',
  'ls -la',
  'a',
  'été',
  'ÉTÉ x',
  'say "hi"',
  '50% done',
  'snake_case',
  'back\\slash',
  'top',
  'ps aux | grep sshd',
];
const TERMS = [
  'df',
  'DF',
  'Df',
  'f',
  'h',
  '-h',
  '/s',
  'ét',
  'ÉT',
  '%',
  '_',
  '"',
  'y "',
  '\\',
  'k\\',
  'zz',
  'q',
  'a',
  ' ',
  'x',
  'p',
  'sh',
  'hd',
  'd',
  'op',
  'to',
  'top',
  'DF -',
  '% d',
];

test('input search of one, two and more characters: every line containing the term, any case, counted and paged', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const now = Math.floor(app.clock.now() / 1000);
  const eng = orgId(app, 'Engineering');
  // Opened ten days ago, still open: every line below falls within it.
  const session = await openSince(app, term, 'eng', eng, 10 * DAY * 1000);
  const command = (input: string, index: number, fields: Record<string, unknown> = {}) => ({
    user: 'Demo User(user)',
    asset: 'bj-api-01',
    system_user: 'deploy',
    input,
    output: '',
    session,
    risk_level: 0,
    org_id: eng,
    timestamp: now - 60 - index,
    ...fields,
  });
  const posted = await term.call('POST', URL, [
    ...LINES.map((line, i) => command(line, i)),
    // Matches outside the window or the org are not counted.
    command('df -h', 0, { timestamp: now - 9 * DAY }),
    command('df -h', 0, { session: await openSince(app, term, 'def', '', 60_000), org_id: '' }),
  ]);
  assert.equal(posted.statusCode, 201, posted.body);

  const auditor = { ...(await bearer(app, 'orgauditor')), 'x-jms-org': eng };
  const list = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `${URL}?${query}`, headers: auditor });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { count: number; results: { input: string }[] };
  };
  for (const text of TERMS) {
    // Newest first: the order the lines were posted in.
    const expected = LINES.filter((line) => line.toLowerCase().includes(text.toLowerCase()));
    const page = await list(`limit=50&input=${encodeURIComponent(text)}`);
    assert.deepEqual(
      page.results.map((c) => c.input),
      expected,
      `input=${JSON.stringify(text)}`,
    );
    assert.equal(page.count, expected.length, `count of input=${JSON.stringify(text)}`);
  }
  const second = await list('limit=2&offset=2&input=df');
  assert.equal(second.count, 5);
  assert.deepEqual(
    second.results.map((c) => c.input),
    ['xdf', 'DF -H'],
  );
  // No stored line holds a control character (they are stored as U+FFFD): such a term finds nothing.
  assert.equal((await list(`limit=5&input=${encodeURIComponent('h\n')}`)).count, 0);
  assert.equal((await list(`limit=5&input=${encodeURIComponent('f\n\n')}`)).count, 0);
  // One session's commands are matched on the rows themselves, with the same answer.
  // (no default window for a session: the older line counts; the other org's does not).
  assert.deepEqual(
    (await list(`limit=50&session_id=${session}&input=DF`)).results.map((c) => c.input),
    ['df', 'df -h', 'xdf', 'DF -H', 'cd /srv/df', 'df -h'],
  );
});

test('migration 20 indexes the command lines stored before it for searches of two characters', () => {
  const db = new Database(':memory:');
  for (const migration of migrations.filter((m) => m.id < 20)) db.exec(migration.sql);
  const insert = db.prepare(`INSERT INTO commands (seq, id, user, asset, system_user, input, session, timestamp)
    VALUES (?, ?, 'u', 'a', 's', ?, 's1', 1)`);
  ['uptime', 'df -h', 'cat /etc/hosts'].forEach((input, i) => insert.run(i + 1, `c${i}`, input));
  db.exec(migrations.find((m) => m.id === 20)!.sql);
  const match = (query: string) =>
    db.prepare('SELECT rowid FROM commands_fts WHERE commands_fts MATCH ? ORDER BY rowid').pluck().all(query);
  const startingWith = (prefix: string) =>
    db
      .prepare('SELECT term FROM commands_fts_terms WHERE term >= ? AND term < ?')
      .pluck()
      .all(prefix, `${prefix}\u{10FFFF}`);
  assert.deepEqual(startingWith('me'), ['me\n']);
  assert.deepEqual(match('"me\n"'), [1], 'a pair at the end of a line');
  assert.deepEqual(match('"hosts"'), [3]);
  insert.run(4, 'c4', 'time');
  assert.deepEqual(match('"me\n"'), [1, 4], 'a line stored after the migration');
  db.prepare('DELETE FROM commands WHERE seq = 1').run();
  assert.deepEqual(match('"me\n"'), [4], 'a deleted line leaves the index');
  db.close();
});
