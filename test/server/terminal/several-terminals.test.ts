// Two terminal components registered with one server (issue 34), each its own process with its own name,
// doors and data folder, both recording into the same Ceph bucket (a real RADOS Gateway on loopback). The
// Terminals page shows each with its doors and state; the web terminal spreads users across them and skips
// one an admin took out of turn; a kill goes to the terminal that holds the session; one terminal killed
// with SIGKILL mid-session leaves the other serving, and what it held is delivered when it restarts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { DOORS, runLine } from '../support/door-session.ts';
import { testStore } from '../support/object-store.ts';
import { terminalProcess } from '../support/terminal-process.ts';
import type { Screen } from '../support/terminal-screen.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld, type TerminalWorld } from '../support/terminal-world.ts';

async function startTerminal(t: TestContext, world: TerminalWorld, name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: name,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  const started = await terminalProcess(t, env);
  const id = world.app.bastion.db.prepare('SELECT id FROM terminals WHERE name = ?').pluck().get(name) as string;
  return { ...started, id, env };
}

/** A web terminal through the server's proxy; answers its screen and the session it opened (id, terminal). */
async function webSession(
  world: TerminalWorld,
  t: TestContext,
  known: Set<string>,
): Promise<{ screen: Screen; id: string; terminal: string }> {
  const screen = await DOORS.web(world, t);
  const row = await eventually(
    () =>
      (
        world.app.bastion.db.prepare('SELECT id, terminal FROM terminal_sessions WHERE is_finished = 0').all() as {
          id: string;
          terminal: string;
        }[]
      ).find((session) => !known.has(session.id)),
    5000,
    'the new session',
  );
  known.add(row.id);
  return { screen, ...row };
}

const sessionRow = (world: TerminalWorld, id: string) =>
  world.app.bastion.db
    .prepare('SELECT is_finished, has_replay, terminal FROM terminal_sessions WHERE id = ?')
    .get(id) as { is_finished: number; has_replay: number; terminal: string };

test('two terminals on one server: listed, web users spread, kills routed, one killed -9 while the other serves, both into one bucket', async (t) => {
  const store = await testStore(t);
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  // The world's own terminal is taken out of the web terminal's turn (an admin's choice): the two below share it.
  assert.equal(
    (
      await world.admin('PATCH', `/api/v1/terminal/terminals/${world.terminal.services.terminalId}/`, {
        accepts_web: false,
      })
    ).status,
    200,
  );
  assert.equal(
    (
      await world.admin('POST', '/api/v1/terminal/replay-storages/', {
        name: 'shared-bucket',
        type: 'ceph',
        meta: store.meta,
      })
    ).status,
    201,
  );
  const a = await startTerminal(t, world, 'td-east');
  const b = await startTerminal(t, world, 'td-west');
  for (const each of [a, b])
    assert.equal(
      (await world.admin('PATCH', `/api/v1/terminal/terminals/${each.id}/`, { replay_storage: 'shared-bucket' }))
        .status,
      200,
    );

  // The Terminals page: each with its own doors, alive, pointed at the bucket.
  const listed = await eventually(
    async () => {
      const rows = (await world.admin('GET', '/api/v1/terminal/terminals/')).json as Record<string, unknown>[];
      const ours = rows.filter((row) => row.name === 'td-east' || row.name === 'td-west');
      return ours.length === 2 &&
        ours.every((row) => row.is_alive && row.http_host === '127.0.0.1' && row.ssh_port !== 2222)
        ? ours
        : null;
    },
    10_000,
    'both terminals listed with their doors',
  );
  assert.equal(listed.find((row) => row.name === 'td-east')!.ssh_port, a.port);
  assert.equal(listed.find((row) => row.name === 'td-west')!.ssh_port, b.port);
  assert.notEqual(listed[0].http_port, listed[1].http_port);
  assert.ok(listed.every((row) => row.replay_storage === 'shared-bucket' && row.replay_state === 'ok'));

  // Two web users land on the two terminals.
  const known = new Set<string>();
  const first = await webSession(world, t, known);
  const second = await webSession(world, t, known);
  assert.deepEqual(new Set([first.terminal, second.terminal]), new Set([a.id, b.id]), 'one session on each terminal');
  await runLine(first.screen, 'echo held-by-the-killed-one');
  await runLine(second.screen, 'echo on-the-other-one');

  // A kill goes to the terminal that holds the session.
  assert.deepEqual((await world.admin('POST', '/api/v1/terminal/tasks/kill-session/', [second.id])).json.ok, [
    second.id,
  ]);
  await eventually(() => sessionRow(world, second.id).is_finished === 1, 10_000, 'the killed session to end');
  assert.equal(
    db.prepare('SELECT terminal FROM terminal_tasks WHERE args = ?').pluck().get(second.id),
    second.terminal,
  );

  // The terminal holding the first session dies mid-session; the other keeps serving new web users.
  const [killed, other] = first.terminal === a.id ? [a, b] : [b, a];
  const exited = new Promise((resolve) => killed.child.once('exit', resolve));
  killed.child.kill('SIGKILL');
  await exited;
  await first.screen.closed;
  // Until its heartbeat goes stale the dead one still looks live; with a user kept on the other, it looks
  // the least busy and is the first door tried: its refused connection hands each user to the other at once.
  db.prepare('UPDATE terminals SET last_heartbeat = ?, session_online = 0 WHERE id = ?').run(
    Date.now() + 60_000,
    killed.id,
  );
  const keeper = await webSession(world, t, known);
  assert.equal(keeper.terminal, other.id);
  for (let i = 0; i < 2; i += 1) {
    const next = await webSession(world, t, known);
    assert.equal(next.terminal, other.id, 'a new web user goes to the terminal that is up');
    await runLine(next.screen, `echo served-${i}`);
    next.screen.send('exit\r');
    await eventually(() => sessionRow(world, next.id).has_replay === 1, 20_000, 'its recording in the bucket');
  }
  assert.equal(sessionRow(world, first.id).is_finished, 0, "the killed terminal's session is still open on the server");

  db.prepare('UPDATE terminals SET last_heartbeat = ?, session_online = 0 WHERE id = ?').run(
    Date.now() - 60_000,
    killed.id,
  );
  // Restarted on its data folder, it closes what it held and delivers the recording to the bucket.
  await terminalProcess(t, killed.env);
  await eventually(
    () => sessionRow(world, first.id).has_replay === 1 && sessionRow(world, first.id).is_finished === 1,
    30_000,
    'the held session delivered',
  );
  await eventually(() => sessionRow(world, second.id).has_replay === 1, 20_000, 'the killed-by-task session stored');
  const keys = await store.keys();
  assert.equal(keys.length, 4, keys.join(', '));
  const held = keys.find((key) => key.endsWith(`/${first.id}.cast.gz`));
  assert.ok(held);
  assert.match(gunzipSync((await store.get(held)).body).toString(), /held-by-the-killed-one/);
  const stored = db
    .prepare('SELECT s.terminal FROM replay_objects o JOIN terminal_sessions s ON s.id = o.session_id')
    .pluck()
    .all() as string[];
  assert.deepEqual(new Set(stored), new Set([a.id, b.id]), 'both terminals recorded into the one bucket');
});
