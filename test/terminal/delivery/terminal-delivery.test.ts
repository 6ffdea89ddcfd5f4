// Nothing lost, end to end over the private sshd: a server killed with SIGKILL in the middle of a session
// and back on the same port and database within a minute, and a terminal process killed with SIGKILL
// before it sent what was typed — every command arrives exactly once, every session is closed with its
// recording.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { DB } from '../../../demo/server/core/db/open.ts';
import { OUTBOX_FILE } from '../../../demo/terminal/delivery/outbox.ts';
import { startTerminal } from '../../../demo/terminal/terminal.ts';
import { PASSWORD } from '../../server/helpers.ts';
import { grantSshdTarget, type DoorGrant } from '../../server/support/door-grant.ts';
import { serverProcess } from '../../server/support/server-process.ts';
import { startSshd } from '../../server/support/sshd.ts';
import { sshScreen, type Screen } from '../../server/support/terminal-screen.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld } from '../../server/support/terminal-world.ts';
import { terminalProcess } from '../../server/support/terminal-process.ts';

const PROMPT = /\$ $/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types each line as one write and waits for its output and the next prompt. */
async function typeCommands(screen: Screen, words: string[]): Promise<void> {
  for (const word of words) {
    screen.mark();
    screen.send(`echo ${word}\r`);
    await screen.waitFor(new RegExp(`[\\r\\n]${word}\\r?\\n.*\\$ $`, 's'));
  }
}

const inputsOf = (db: DB, session: string) =>
  db.prepare('SELECT input FROM commands WHERE session = ? ORDER BY seq').pluck().all(session) as string[];
const sessionOf = (db: DB, id: string) =>
  db.prepare('SELECT is_finished, has_replay, has_command, date_end FROM terminal_sessions WHERE id = ?').get(id) as
    { is_finished: number; has_replay: number; has_command: number; date_end: string | null } | undefined;
const echoes = (words: string[]) => words.map((word) => `echo ${word}`);
const tempDir = (t: TestContext, prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

test('a server killed mid-session and back within a minute: every command once, the session closed with its recording', async (t) => {
  const sshd = await startSshd();
  t.after(() => sshd.stop());
  let grant!: DoorGrant;
  const server = await serverProcess(t, {
    bootstrapToken: BOOTSTRAP_TOKEN,
    prepare: (db) => {
      grant = grantSshdTarget(db, sshd);
    },
  });
  await server.start();
  const dataDir = tempDir(t, 'bastion-terminal-');
  const logs: string[] = [];
  const terminal = await startTerminal({
    apiBase: server.base,
    bootstrapToken: BOOTSTRAP_TOKEN,
    name: `td-outage-${process.pid}`,
    dataDir,
    host: '127.0.0.1',
    sshPort: 0,
    httpPort: 0,
    heartbeatInterval: 1,
    allowedTargets: '127.0.0.0/8',
    log: (line) => logs.push(line),
  });
  t.after(() => terminal.stop());

  const screen = await sshScreen(terminal.sshPort, { username: grant.username, password: PASSWORD });
  t.after(() => screen.close());
  await screen.waitFor('Opt> ');
  screen.send(`${grant.asset}\r`);
  await screen.waitFor(PROMPT);
  const [sessionId] = [...terminal.services.sessions.keys()];
  const before = ['up-1', 'up-2', 'up-3', 'up-4', 'up-5'];
  await typeCommands(screen, before);
  // A command is recorded once its output is complete, at the shell's next prompt.
  await eventually(
    () => server.query((db) => inputsOf(db, sessionId)).length === before.length,
    10_000,
    'the first commands',
  );

  await server.kill();
  const killedAt = Date.now();
  const down = ['down-1', 'down-2', 'down-3', 'down-4', 'down-5'];
  await typeCommands(screen, down);
  // The session ends while the server is away: the user is back at the menu after one try.
  screen.mark();
  screen.send('exit\r');
  await screen.waitFor('Opt> ', 5000);
  await sleep(Math.max(0, killedAt + 6000 - Date.now()));
  assert.equal(
    server.query((db) => sessionOf(db, sessionId))?.is_finished,
    0,
    'nothing reached the server while it was down',
  );

  await server.start();
  assert.ok(Date.now() - killedAt < 60_000, 'back within a minute');
  const closed = await eventually(
    () =>
      server.query((db) => {
        const row = sessionOf(db, sessionId);
        return row?.is_finished ? row : null;
      }),
    20_000,
    `the session to be closed (terminal log: ${logs.join(' | ')})`,
  );
  assert.deepEqual(
    server.query((db) => inputsOf(db, sessionId)),
    [...echoes([...before, ...down]), 'exit'],
    'every command, once, in order',
  );
  assert.equal(closed.has_replay, 1);
  assert.equal(closed.has_command, 1);
  assert.ok(closed.date_end);
  const replay = gunzipSync(readFileSync(join(server.dataDir, 'replays', `${sessionId}.cast.gz`))).toString();
  assert.match(replay, /down-5/, 'the recording holds what was typed while the server was away');
  assert.ok(
    logs.some((line) => /not delivered yet, retrying/.test(line)),
    logs.join('\n'),
  );
  // The server has the close before the terminal has its answer: the journal empties right after.
  await eventually(
    () => statSync(join(dataDir, OUTBOX_FILE)).size === 0,
    5000,
    'the journal to be emptied once everything was taken',
  );
});

test('a terminal killed with SIGKILL before it sent the commands sends them on its next start, once, with the one still running', async (t) => {
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const dataDir = tempDir(t, 'bastion-terminal-');
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: `td-kill-${process.pid}`,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  // An hour between sends: what is typed is journaled, and nothing is sent before the kill.
  const first = await terminalProcess(t, { ...env, TERMINAL_SEND_INTERVAL: '3600' });
  const screen = await sshScreen(first.port, { username: world.user.username, password: PASSWORD });
  t.after(() => screen.close());
  await screen.waitFor('Opt> ');
  screen.send('td-target\r');
  await screen.waitFor(PROMPT);
  const words = ['kept-1', 'kept-2', 'kept-3', 'kept-4', 'kept-5'];
  await typeCommands(screen, words);
  // A command still running when the terminal dies: let through, its record waits for its output.
  screen.mark();
  screen.send('sleep 30\r');
  await screen.waitFor('sleep 30\r\n');
  await eventually(
    () => readdirSync(join(dataDir, 'inflight')).length === 1,
    5000,
    'the running command noted on disk',
  );
  const journal = join(dataDir, OUTBOX_FILE);
  await eventually(
    () =>
      existsSync(journal) &&
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"kind":"command"')).length === words.length,
    5000,
    'the commands in the journal',
  );
  const sessionId = db
    .prepare("SELECT id FROM terminal_sessions WHERE asset = 'td-target' AND is_finished = 0 AND terminal != ?")
    .pluck()
    .get(world.terminal.services.terminalId) as string;
  assert.ok(sessionId, 'the session is open on the server');
  assert.deepEqual(inputsOf(db, sessionId), [], 'not sent before the kill');
  assert.equal(statSync(journal).mode & 0o777, 0o600, "the journal is the terminal account's only");

  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;

  const second = await terminalProcess(t, env);
  const closed = await eventually(
    () => {
      const row = sessionOf(db, sessionId);
      return row?.is_finished ? row : null;
    },
    20_000,
    `the session to be closed: ${second.output()}`,
  );
  assert.deepEqual(
    inputsOf(db, sessionId),
    [...echoes(words), 'sleep 30'],
    'each command, once, and the one that was still running',
  );
  assert.equal(closed.has_replay, 1, 'the recording left on disk is uploaded');
  await eventually(() => statSync(journal).size === 0, 5000, 'the journal to be emptied');
  const stopped = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  assert.equal(await stopped, 0, second.output());
  assert.deepEqual(inputsOf(db, sessionId), [...echoes(words), 'sleep 30'], 'still once after the clean stop');
});
