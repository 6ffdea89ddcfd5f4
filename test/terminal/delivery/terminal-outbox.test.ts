// The terminal's outbox against the reference server on a loopback port: its journal survives a restart
// and a last line cut short, compacts what was delivered, keeps going past an item the server refuses
// (dropped and logged) and keeps what it could not deliver (no answer, 401) until it can.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { Api } from '../../../demo/terminal/delivery/api.ts';
import type { CommandRecord } from '../../../demo/terminal/delivery/command-record.ts';
import { Journal } from '../../../demo/terminal/delivery/journal.ts';
import { Outbox, OUTBOX_FILE } from '../../../demo/terminal/delivery/outbox.ts';
import { build, PASSWORD } from '../../server/helpers.ts';
import { BOOTSTRAP, registerTerminal, type App } from '../../server/terminal-helpers.ts';

const tempDir = (t: TestContext) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-outbox-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

test('journal: pending entries survive a reopen, a cut last line is dropped, delivered ones are compacted away', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'journal.jsonl');
  const logs: string[] = [];
  const journal = new Journal<string>(file, (line) => logs.push(line));
  for (const value of ['a', 'b', 'c']) journal.append(value);
  journal.ack(1);
  journal.close();
  // A kill in the middle of a write: the last line has no end.
  appendFileSync(file, '{"n":4,"v":"d');
  assert.equal(statSync(file).mode & 0o777, 0o600);

  const again = new Journal<string>(file, (line) => logs.push(line));
  assert.deepEqual(
    again.peek(10).map((entry) => entry.value),
    ['b', 'c'],
  );
  assert.ok(
    logs.some((line) => /unfinished last line/.test(line)),
    logs.join('\n'),
  );
  assert.equal(again.append('e'), 4, 'numbering goes on after the cut line');
  assert.deepEqual(
    again.peek(10).map((entry) => [entry.n, entry.value]),
    [
      [2, 'b'],
      [3, 'c'],
      [4, 'e'],
    ],
  );
  again.ack(4);
  assert.equal(statSync(file).size, 0, 'emptied once everything is delivered');
  again.close();

  // A large backlog: memory holds a window of it; once most of it is delivered the file is rewritten.
  const big = new Journal<string>(file, () => {});
  const line = 'x'.repeat(1000);
  for (let i = 0; i < 3000; i += 1) big.append(`${i} ${line}`);
  assert.equal(big.peek(5000).length, 1000, 'at most a window in memory');
  const full = statSync(file).size;
  big.ack(2500);
  assert.ok(statSync(file).size < full / 4, `compacted: ${statSync(file).size} of ${full}`);
  assert.equal(big.peek(1)[0].value.split(' ')[0], '2500');
  big.close();
  const reopened = new Journal<string>(file, () => {});
  assert.equal(reopened.peek(1000).length, 500);
  assert.equal(reopened.peek(1)[0].n, 2501);
  reopened.close();

  // A line in the middle that does not parse is skipped, the others are kept.
  writeFileSync(file, '{"n":1,"v":"one"}\nnot json\n{"n":2,"v":"two"}\n');
  const skipping = new Journal<string>(file, (message) => logs.push(message));
  assert.deepEqual(
    skipping.peek(10).map((entry) => entry.value),
    ['one', 'two'],
  );
  assert.ok(logs.some((message) => /unreadable line/.test(message)));
  skipping.close();
});

test(
  'journal on a full disk: entries wait in memory, in order, and reach the file once space returns; no line is broken',
  { skip: process.getuid?.() === 0 ? false : 'mounting a tmpfs needs root' },
  (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'bastion-journal-full-'));
    assert.equal(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status, 0);
    t.after(() => {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    });
    const file = join(dir, 'journal.jsonl');
    const faults: string[] = [];
    let cleared = 0;
    const health = {
      failed: (error: unknown) => faults.push((error as { code: string }).code),
      succeeded: () => {
        cleared += 1;
      },
    };
    const journal = new Journal<string>(file, () => {}, health);
    journal.append('first');
    // The disk fills up to the last byte.
    spawnSync('sh', [
      '-c',
      `dd if=/dev/zero of=${join(dir, 'filler')} bs=1024 2>/dev/null; dd if=/dev/zero of=${join(dir, 'filler2')} bs=16 2>/dev/null; true`,
    ]);
    const line = 'y'.repeat(3000);
    for (let i = 0; i < 10; i += 1) journal.append(`${i} ${line}`);
    assert.ok(faults.includes('ENOSPC'), faults.join());
    // Everything is still there to deliver, in order, from memory.
    assert.deepEqual(
      journal.peek(20).map((entry) => entry.value.split(' ')[0]),
      ['first', ...Array.from({ length: 10 }, (_, i) => String(i))],
    );
    // What reached the file is whole lines only (a write cut by the full disk was cut back).
    for (const text of readFileSync(file, 'utf8').split('\n').filter(Boolean)) JSON.parse(text);
    journal.ack(3); // delivered from memory while the disk is full
    rmSync(join(dir, 'filler'));
    rmSync(join(dir, 'filler2'));
    journal.writeHeld();
    assert.ok(cleared > 0);
    journal.close();
    // A restart finds exactly what was not delivered, in order.
    const reopened = new Journal<string>(file, () => {});
    assert.deepEqual(
      reopened.peek(20).map((entry) => entry.value.split(' ')[0]),
      Array.from({ length: 8 }, (_, i) => String(i + 2)),
    );
    reopened.close();
  },
);

interface Live {
  app: App;
  base: string;
  api: Api;
  terminalId: string;
}

/** The server on a loopback port (real clock: calls are signed with the time of day) and a terminal's signed client. */
async function liveTerminal(t: TestContext, name = 'koko-outbox'): Promise<Live> {
  const app = (await build(t, { now: () => Date.now(), bootstrapToken: BOOTSTRAP })) as App;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const term = await registerTerminal(app, name);
  const api = new Api(base, 2000);
  api.key = term.key;
  return { app, base, api, terminalId: term.id };
}

/** As the door opens one: the user signed in by this terminal, a granted asset and system user, then the session. */
async function openSession(api: Api): Promise<string> {
  const { user } = await api.post<{ user: { id: string } }>('/api/v1/authentication/tokens/', {
    username: 'user',
    password: PASSWORD,
    remote_addr: '127.0.0.5',
  });
  const assets = await api.all<{ id: string; org_id: string }>(
    `/api/v1/perms/users/${user.id}/assets/?actions=connect&protocol=ssh`,
  );
  const asset = assets.find((a) => !a.org_id)!;
  const systemUsers = await api.all<{ id: string; protocol: string }>(
    `/api/v1/perms/users/${user.id}/assets/${asset.id}/system-users/`,
  );
  const id = randomUUID();
  await api.post('/api/v1/terminal/sessions/', {
    id,
    user: 'Demo User(user)',
    asset: 'web',
    system_user: 'deploy',
    user_id: user.id,
    asset_id: asset.id,
    system_user_id: systemUsers.find((su) => su.protocol === 'ssh')!.id,
    org_id: '',
    date_start: new Date().toISOString(),
  });
  return id;
}

const record = (session: string, input: string): CommandRecord & { id: string } => ({
  id: randomUUID(),
  user: 'Demo User(user)',
  asset: 'bj-api-01',
  system_user: 'deploy',
  input,
  output: '',
  session,
  risk_level: 0,
  org_id: '',
  timestamp: Math.floor(Date.now() / 1000),
});

const inputs = (app: App) =>
  app.bastion.db.prepare('SELECT input FROM commands ORDER BY seq').pluck().all() as string[];

test('outbox: an item the server refuses is dropped and logged, the rest of its batch delivered, in order', async (t) => {
  const { app, api } = await liveTerminal(t);
  const other = await liveTerminal(t, 'koko-other');
  const mine = await openSession(api);
  const theirs = await openSession(other.api);
  const dir = tempDir(t);
  const logs: string[] = [];
  const outbox = new Outbox(api, dir, (line) => logs.push(line), 60_000);
  t.after(() => outbox.stop());
  outbox.command(record(mine, 'first'));
  outbox.command(record(theirs, 'not mine'));
  outbox.command(record(mine, 'last'));
  outbox.end(mine, null, { is_finished: true, date_end: new Date().toISOString(), has_command: true });
  assert.equal(await outbox.flush(), true);
  assert.deepEqual(inputs(app), ['first', 'last']);
  assert.ok(
    logs.some((line) => /refused, dropped/.test(line) && line.includes(theirs)),
    logs.join('\n'),
  );
  assert.equal(app.bastion.db.prepare('SELECT is_finished FROM terminal_sessions WHERE id = ?').pluck().get(mine), 1);
  assert.equal(statSync(join(dir, OUTBOX_FILE)).size, 0);
});

test('outbox: what the server did not take (no answer, 401) is kept, then delivered once by the next run', async (t) => {
  const { app, base, api } = await liveTerminal(t);
  const session = await openSession(api);
  const dir = tempDir(t);
  const logs: string[] = [];

  // Nobody listening there: nothing is lost, the user is not kept waiting.
  const away = new Api('http://127.0.0.1:9', 2000);
  away.key = api.key;
  const first = new Outbox(away, dir, (line) => logs.push(line), 60_000);
  first.command(record(session, 'one'));
  first.command(record(session, 'two'));
  assert.equal(await first.flush(), false);
  await first.stop();
  assert.ok(
    logs.some((line) => /not delivered yet, retrying/.test(line)),
    logs.join('\n'),
  );

  // A key the server does not know (401): kept as well, not dropped.
  const stranger = new Api(base, 2000);
  stranger.key = { id: randomUUID(), secret: 'not-the-secret' };
  const second = new Outbox(stranger, dir, () => {}, 60_000);
  assert.equal(await second.flush(), false);
  await second.stop();
  assert.deepEqual(inputs(app), []);
  assert.equal(
    readFileSync(join(dir, OUTBOX_FILE), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"kind":"command"')).length,
    2,
  );

  // The next run with the right key delivers on its own (no flush asked), once.
  const third = new Outbox(api, dir, () => {}, 60_000);
  t.after(() => third.stop());
  const deadline = Date.now() + 5000;
  while (inputs(app).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(inputs(app), ['one', 'two']);
  assert.equal(await third.flush(), true);
  assert.deepEqual(inputs(app), ['one', 'two']);
});

const ftpRow = (filename: string) => ({
  id: randomUUID(),
  user: 'Demo User(user)',
  remote_addr: '127.0.0.1',
  asset: 'bj-api-01',
  system_user: 'deploy',
  org_id: '',
  operate: 'Upload' as const,
  filename,
  is_success: true,
});
const ftpFiles = (app: App) =>
  app.bastion.db
    .prepare("SELECT filename FROM ftp_logs WHERE user = 'Demo User(user)' ORDER BY filename")
    .pluck()
    .all() as string[];

test('outbox: FTP log rows wait out an outage on disk, and a row sent twice is stored once', async (t) => {
  const { app, api } = await liveTerminal(t);
  // The rows are of a user this terminal's door signed in (the server takes no others).
  await api.post('/api/v1/authentication/tokens/', { username: 'user', password: PASSWORD, remote_addr: '127.0.0.1' });
  const dir = tempDir(t);
  const away = new Api('http://127.0.0.1:9', 2000);
  away.key = api.key;
  const first = new Outbox(away, dir, () => {}, 60_000);
  const rows = [ftpRow('/tmp/a.txt'), ftpRow('/tmp/b.txt')];
  for (const row of rows) first.ftpLog(row);
  assert.equal(await first.flush(), false);
  await first.stop();
  assert.deepEqual(ftpFiles(app), []);

  const second = new Outbox(api, dir, () => {}, 60_000);
  t.after(() => second.stop());
  const deadline = Date.now() + 5000;
  while (ftpFiles(app).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(ftpFiles(app), ['/tmp/a.txt', '/tmp/b.txt']);
  // The answer to a delivered row was lost: the terminal sends it again; the server keeps one.
  const again = await api.post<{ id: string; filename: string }>('/api/v1/audits/ftp-logs/', rows[0]);
  assert.equal(again.id, rows[0].id);
  assert.deepEqual(ftpFiles(app), ['/tmp/a.txt', '/tmp/b.txt']);
});
