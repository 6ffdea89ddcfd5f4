// The demo's sample sessions (demo/server/seed/session-samples.ts): the session lists, the command log and
// the replay player have something to show before anyone passed the door; an org's first real session,
// opened by a terminal, removes that org's samples and their commands, and no other org's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { caller, rowsOf } from '../audits/audits-fixture.ts';
import { bearer, build, orgId } from '../helpers.ts';
import { BOOTSTRAP, registerTerminal, type App } from '../terminal-helpers.ts';
import { openSession } from '../support/terminal-records.ts';

test('sample sessions: listed with commands and a replay, gone at the first real session of their org', async (t) => {
  const app = (await build(t, { auditSamples: true, bootstrapToken: BOOTSTRAP })) as App;
  const call = caller(app);
  const eng = orgId(app, 'Engineering');
  const from = new Date(app.clock.now() - 7 * 24 * 3_600_000).toISOString();
  const sessions = async (org: string) =>
    rowsOf(await call('GET', `/api/v1/terminal/sessions/?is_finished=1&date_from=${from}`, { org }));
  const defaults = await sessions('DEFAULT');
  assert.ok(defaults.length >= 5, `${defaults.length} sample sessions in DEFAULT`);
  assert.deepEqual([...new Set(defaults.map((row) => row.protocol))].sort(), ['mysql', 'ssh']);
  assert.ok(defaults.every((row) => /^127\./.test(String(row.remote_addr))));

  const mysql = defaults.find((row) => row.protocol === 'mysql')!;
  const commands = rowsOf(await call('GET', `/api/v1/terminal/commands/?session_id=${mysql.id}`, { org: 'DEFAULT' }));
  // Newest first, as the command log lists them.
  assert.deepEqual(
    commands.map((row) => [row.input, row.risk_level]),
    [
      ['drop table order_items', 5],
      ['select status, count(*) from orders group by status', 0],
      ['show tables', 0],
    ],
  );
  const meta = await call('GET', `/api/v1/terminal/sessions/${mysql.id}/replay/`, { org: 'DEFAULT' });
  assert.equal(meta.statusCode, 200, meta.body);
  const cast = await app.inject({
    method: 'GET',
    url: meta.json().src,
    headers: { ...(await bearer(app, 'admin')), 'x-jms-org': 'DEFAULT', 'accept-encoding': 'identity' },
  });
  assert.equal(cast.statusCode, 200);
  const [header, ...events] = cast.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(header.version, 2);
  const shown = events.map((event: [number, string, string]) => event[2]).join('');
  assert.match(shown, /s\s*h\s*o\s*w/);
  assert.match(shown, /forbidden/);
  const download = await call('GET', `/api/v1/terminal/sessions/${mysql.id}/replay/download/`, { org: 'DEFAULT' });
  assert.equal(download.statusCode, 200);
  assert.ok(
    gunzipSync(
      download.rawPayload.subarray(512, 512 + Number.parseInt(download.rawPayload.subarray(124, 136).toString(), 8)),
    )
      .toString()
      .startsWith('{"version":2'),
  );

  // A terminal opens a real session in DEFAULT: DEFAULT's samples go, with their commands; Engineering's stay.
  const engBefore = (await sessions(eng)).length;
  assert.ok(engBefore >= 5);
  const terminal = await registerTerminal(app);
  const created = await openSession(terminal, '');
  const after = rowsOf(await call('GET', '/api/v1/terminal/sessions/', { org: 'DEFAULT' }));
  assert.deepEqual(
    after.map((row) => row.id),
    [created],
  );
  assert.equal(
    rowsOf(await call('GET', `/api/v1/terminal/commands/?session_id=${mysql.id}`, { org: 'DEFAULT' })).length,
    0,
  );
  assert.equal((await sessions(eng)).length, engBefore);
});

test("removing samples at every real session or FTP row finds them by index, not by reading the org's rows", async (t) => {
  const app = await build(t, { auditSamples: true });
  const plan = (sql: string, ...params: unknown[]) =>
    (app.bastion.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((row) => row.detail)
      .join('; ');
  assert.match(
    plan('DELETE FROM terminal_sessions WHERE is_sample = 1 AND org_id = ?', ''),
    /USING (COVERING )?INDEX terminal_sessions_samples/,
  );
  assert.match(
    plan('DELETE FROM ftp_logs WHERE is_sample = 1 AND org_id = ?', ''),
    /USING (COVERING )?INDEX ftp_logs_samples/,
  );
  assert.match(
    plan('DELETE FROM command_executions WHERE is_sample = 1'),
    /USING (COVERING )?INDEX command_executions_samples/,
  );
});
