// A statement sent to the database is recorded even when the terminal dies with SIGKILL while it runs:
// it was noted before it was sent (inflight.ts), and the next start records it and closes the session
// with its recording.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { databaseWorld } from '../../server/support/database-world.ts';
import { sshScreen } from '../../server/support/terminal-screen.ts';
import { terminalProcess } from '../../server/support/terminal-process.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld } from '../../server/support/terminal-world.ts';

test('a statement running when the terminal is killed with SIGKILL is recorded by its next start', async (t) => {
  const world = await terminalWorld(t);
  const { commandsOf } = await databaseWorld(t, world);
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: `td-dbkill-${process.pid}`,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  const first = await terminalProcess(t, env);
  const screen = await sshScreen(first.port, { username: world.user.username, privateKey: world.user.privateKey });
  t.after(() => screen.close());
  await screen.waitFor('Opt> ');
  screen.send('d1\r');
  await screen.waitFor('MariaDB [shop]> ');
  screen.mark();
  screen.send('select 1 as before_kill;\r');
  await screen.waitFor(/1 row in set.*MariaDB \[shop\]> $/s);
  screen.send('select sleep(30) as during_kill;\r');
  const session = await eventually(
    async () => {
      const answer = await world.admin('GET', '/api/v1/terminal/sessions/?is_finished=0&protocol=mysql');
      return answer.json[0];
    },
    10_000,
    'the open session',
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;

  const second = await terminalProcess(t, env);
  const commands = await commandsOf(session.id, 2);
  assert.deepEqual(commands.map((c: any) => c.input).sort(), [
    'select 1 as before_kill',
    'select sleep(30) as during_kill',
  ]);
  const closed = await eventually(
    async () => {
      const answer = await world.admin('GET', `/api/v1/terminal/sessions/${session.id}/`);
      return answer.json.is_finished ? answer.json : null;
    },
    20_000,
    `the session to be closed: ${second.output()}`,
  );
  assert.equal(closed.has_replay, true);
  const stopped = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  assert.equal(await stopped, 0, second.output());
});
