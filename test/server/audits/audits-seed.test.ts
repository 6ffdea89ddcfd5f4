// The demo's sample audit logs (demo/server/seed/audits.ts): every list has rows inside the console's default
// 7-day window, every address is loopback, and the org rules still hold over them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { caller, rowsOf } from './audits-fixture.ts';
import { build, orgId } from '../helpers.ts';
import { BOOTSTRAP, registerTerminal, type App } from '../terminal-helpers.ts';
import { doorSignIn } from '../support/terminal-records.ts';

const LISTS = ['login-logs', 'operate-logs', 'password-change-logs', 'ftp-logs', 'command-execution-logs'];

test('sample audit logs: each list shows rows of the last 7 days from 127.x addresses; org rules hold', async (t) => {
  const app = await build(t, { auditSamples: true });
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const from = new Date(app.clock.now() - 7 * 24 * 3_600_000).toISOString();
  const to = new Date(app.clock.now()).toISOString();
  for (const list of LISTS) {
    const rows = rowsOf(await call('GET', `/api/v1/audits/${list}/?date_from=${from}&date_to=${to}`, { org: 'ROOT' }));
    assert.ok(rows.length > 0, `${list} has sample rows`);
    for (const row of rows) {
      const addr = row.ip ?? row.remote_addr;
      if (addr !== undefined) assert.match(String(addr), /^127\./, `${list}: ${addr}`);
    }
  }
  const engMembers = new Set(
    app.bastion.db
      .prepare('SELECT u.username FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ?')
      .pluck()
      .all(eng) as string[],
  );
  const engLogins = rowsOf(await call('GET', '/api/v1/audits/login-logs/', { as: 'orgauditor', org: eng }));
  assert.ok(engLogins.length > 0);
  assert.ok(
    engLogins.every((r) => engMembers.has(String(r.username))),
    'only Engineering members',
  );
  const engFtp = rowsOf(await call('GET', '/api/v1/audits/ftp-logs/', { as: 'orgauditor', org: eng }));
  assert.ok(engFtp.length > 0 && engFtp.every((r) => r.org_id === eng));
  const engRuns = rowsOf(await call('GET', '/api/v1/audits/command-execution-logs/', { as: 'orgauditor', org: eng }));
  assert.deepEqual(
    engRuns.map((r) => r.command),
    ['uptime'],
  );
  assert.equal((engRuns[0].hosts as unknown[]).length, 3);
});

test('the FTP log as Lina 2.3.1 asks it (the last 7 days, ISO dates with milliseconds, the admin in DEFAULT) has rows', async (t) => {
  const app = await build(t, { auditSamples: true });
  const call = caller(app);
  const now = app.clock.now();
  const query = `limit=15&offset=0&date_to=${new Date(now).toISOString()}&date_from=${new Date(now - 7 * 24 * 3_600_000).toISOString()}`;
  const answer = await call('GET', `/api/v1/audits/ftp-logs/?${query}`);
  assert.equal(answer.statusCode, 200);
  assert.ok(answer.json().count > 0, 'rows in DEFAULT');
  assert.ok(
    rowsOf(answer).every((row) => row.org_id === ''),
    'DEFAULT rows only',
  );
});

test("sample FTP log rows say they are samples and give way to an org's first real row from a terminal", async (t) => {
  const app = (await build(t, { auditSamples: true, bootstrapToken: BOOTSTRAP })) as App;
  const db = app.bastion.db;
  const eng = orgId(app, 'Engineering');
  const samples = (org: string) =>
    db.prepare('SELECT filename FROM ftp_logs WHERE org_id = ? AND is_sample = 1').pluck().all(org) as string[];
  assert.ok(samples(eng).length > 0 && samples(eng).every((name) => name.endsWith(' (sample)')));
  const others = db
    .prepare('SELECT count(*) FROM ftp_logs WHERE is_sample = 1 AND org_id != ?')
    .pluck()
    .get(eng) as number;
  const term = await registerTerminal(app);
  await doorSignIn(term);
  const posted = await term.call('POST', '/api/v1/audits/ftp-logs/', {
    user: 'Demo User(user)',
    remote_addr: '127.0.0.1',
    asset: 'eng-host',
    system_user: 'ops',
    org_id: eng,
    operate: 'Upload',
    filename: '/tmp/real.txt',
    is_success: true,
  });
  assert.equal(posted.statusCode, 201, posted.body);
  assert.deepEqual(samples(eng), []);
  assert.equal(
    db.prepare('SELECT count(*) FROM ftp_logs WHERE is_sample = 1 AND org_id != ?').pluck().get(eng),
    others,
    'other orgs keep theirs',
  );
  assert.deepEqual(db.prepare('SELECT filename FROM ftp_logs WHERE org_id = ?').pluck().all(eng), ['/tmp/real.txt']);
});
