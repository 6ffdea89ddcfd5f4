// A store that refuses or is away never loses a recording, and never hides that it has not got it (issue
// 34): against a real S3 server (Ceph's RADOS Gateway on loopback), a bucket whose key the admin mistyped,
// then a gateway taken away while the terminal process is killed with SIGKILL. The Terminals page and
// the session's detail say the recording is not stored yet and why; once the store takes it again every
// recording is stored, once, and nothing is left behind (no open multipart upload, no journal entry) —
// also when the terminal is killed in the middle of a multipart upload.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { STORE_JOURNAL } from '../../../demo/terminal/recordings/store-queue.ts';
import { PASSWORD } from '../helpers.ts';
import { testStore } from '../support/object-store.ts';
import { terminalProcess } from '../support/terminal-process.ts';
import { sshScreen } from '../support/terminal-screen.ts';
import { BOOTSTRAP_TOKEN, eventually, terminalWorld, type TerminalWorld } from '../support/terminal-world.ts';

const PROMPT = /\$ $/;

/** A session through the door at `port` that prints `word`; answers its id once the server has it closed. */
async function closedSession(world: TerminalWorld, port: number, word: string): Promise<string> {
  const screen = await sshScreen(port, { username: world.user.username, password: PASSWORD });
  try {
    await screen.waitFor('Opt> ');
    screen.send('td-target\r');
    await screen.waitFor(PROMPT);
    screen.mark();
    screen.send(`echo ${word}\r`);
    await screen.waitFor(PROMPT);
    screen.send('exit\r');
    await screen.waitFor('Opt> ');
  } finally {
    screen.close();
  }
  const db = world.app.bastion.db;
  const id = db
    .prepare('SELECT id FROM terminal_sessions WHERE terminal != ? ORDER BY date_start DESC LIMIT 1')
    .pluck()
    .get(world.terminal.services.terminalId) as string;
  await eventually(
    () => db.prepare('SELECT is_finished FROM terminal_sessions WHERE id = ?').pluck().get(id) === 1,
    10_000,
    'the session to be closed',
  );
  return id;
}

test('a store that refuses the key, then one that is away while the terminal is killed: shown, retried, every recording stored once', async (t) => {
  const store = await testStore(t);
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: `td-store-${process.pid}`,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  const first = await terminalProcess(t, env);
  const terminalId = db.prepare('SELECT id FROM terminals WHERE name = ?').pluck().get(env.TERMINAL_NAME) as string;
  // The admin mistyped the secret key.
  const storage = await world.admin('POST', '/api/v1/terminal/replay-storages/', {
    name: 'ceph-replays',
    type: 'ceph',
    meta: { ...store.meta, SECRET_KEY: 'not-the-secret' },
  });
  assert.equal(storage.status, 201, storage.body);
  assert.equal(
    (await world.admin('PATCH', `/api/v1/terminal/terminals/${terminalId}/`, { replay_storage: 'ceph-replays' }))
      .status,
    200,
  );

  const refusedId = await closedSession(world, first.port, 'refused-by-the-store');
  const terminalRow = async () => (await world.admin('GET', `/api/v1/terminal/terminals/${terminalId}/`)).json;
  const failing = await eventually(
    async () => {
      const row = await terminalRow();
      return row.replay_state === 'failing' ? row : null;
    },
    20_000,
    'the Terminals page to show the store failing',
  );
  assert.match(
    failing.replay_error,
    /SignatureDoesNotMatch|AccessDenied|InvalidAccessKeyId|HTTP 403/,
    failing.replay_error,
  );
  assert.equal(failing.replay_pending, 1);
  const retrying = (await world.admin('GET', `/api/v1/terminal/sessions/${refusedId}/`)).json;
  assert.equal(retrying.replay_status, 'retrying');
  assert.equal(retrying.replay_storage_name, 'ceph-replays');
  assert.match(retrying.replay_error, /HTTP 403/);
  assert.deepEqual(await store.keys(), [], 'nothing stored with a wrong key');

  // The admin fixes the key: the next try takes it, with no restart.
  assert.equal(
    (await world.admin('PATCH', `/api/v1/terminal/replay-storages/${storage.json.id}/`, { meta: { ...store.meta } }))
      .status,
    200,
  );
  await eventually(
    () => db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(refusedId) === 1,
    40_000,
    'the recording stored once the key is right',
  );
  await eventually(
    async () => (await terminalRow()).replay_state === 'ok',
    10_000,
    'the Terminals page to show the store working',
  );

  // The store goes away; a session ends meanwhile; the terminal is killed before the store is back.
  await store.rgw.stopGateway();
  const awayId = await closedSession(world, first.port, 'while-the-store-was-away');
  const away = await eventually(
    async () => {
      const row = (await world.admin('GET', `/api/v1/terminal/sessions/${awayId}/`)).json;
      return row.replay_status === 'retrying' ? row : null;
    },
    20_000,
    "the session's detail to say the recording is not stored yet",
  );
  assert.match(away.replay_error, /ECONNREFUSED|connect|socket/i, away.replay_error);
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  assert.ok(existsSync(join(dataDir, 'replays', `${awayId}.cast`)), "the recording waits on the terminal's disk");
  db.prepare('UPDATE terminals SET last_heartbeat = ? WHERE id = ?').run(Date.now() - 61_000, terminalId);
  assert.equal(
    (await world.admin('GET', `/api/v1/terminal/sessions/${awayId}/`)).json.replay_status,
    'terminal_offline',
  );
  assert.equal((await terminalRow()).replay_state, 'unknown');

  await store.rgw.startGateway();
  const second = await terminalProcess(t, env);
  await eventually(
    () => db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(awayId) === 1,
    40_000,
    `the recording stored after the restart: ${second.output()}`,
  );
  const keys = await store.keys();
  assert.equal(keys.length, 2, `each recording once: ${keys.join(', ')}`);
  assert.ok(
    keys.some((key) => key.endsWith(`/${awayId}.cast.gz`)) && keys.some((key) => key.endsWith(`/${refusedId}.cast.gz`)),
  );
  const cast = gunzipSync((await store.get(keys.find((key) => key.endsWith(`/${awayId}.cast.gz`))!)).body).toString();
  assert.match(cast, /while-the-store-was-away/);
  assert.equal(await store.openUploads(), 0);
  assert.equal(existsSync(join(dataDir, 'replays', `${awayId}.cast`)), false);
  await eventually(() => readFileSync(join(dataDir, STORE_JOURNAL), 'utf8') === '', 5000, 'the store journal emptied');
  assert.equal(db.prepare('SELECT COUNT(*) FROM replay_objects').pluck().get(), 2);
  const stopped = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  assert.equal(await stopped, 0, second.output());
});

test('a terminal killed -9 in the middle of a multipart upload stores the recording once at its next start, no parts left', async (t) => {
  const store = await testStore(t);
  const world = await terminalWorld(t);
  const db = world.app.bastion.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-terminal-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    BASTION_API: world.base,
    BOOTSTRAP_TOKEN,
    TERMINAL_DATA_DIR: dataDir,
    TERMINAL_NAME: `td-midway-${process.pid}`,
    TERMINAL_SSH_PORT: '0',
    TERMINAL_HTTP_PORT: '0',
    TERMINAL_HEARTBEAT_INTERVAL: '1',
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
  };
  const first = await terminalProcess(t, env);
  const terminalId = db.prepare('SELECT id FROM terminals WHERE name = ?').pluck().get(env.TERMINAL_NAME) as string;
  const storage = await world.admin('POST', '/api/v1/terminal/replay-storages/', {
    name: 'ceph-midway',
    type: 'ceph',
    meta: store.meta,
  });
  assert.equal(
    (await world.admin('PATCH', `/api/v1/terminal/terminals/${terminalId}/`, { replay_storage: 'ceph-midway' })).status,
    200,
  );
  const stopped = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGTERM');
  await stopped;

  // What a terminal killed mid-session leaves: its session open on the server, a recording of ~48 MB that
  // gzip cannot shrink much (several 8 MiB parts), in its replays folder.
  const id = randomUUID();
  db.prepare(
    `INSERT INTO terminal_sessions (id, user, asset, system_user, login_from, remote_addr, protocol, org_id, date_start, terminal, replay_storage)
    VALUES (?, 'td-alice(td-alice)', 'td-target', 'td-ssh', 'ST', '127.0.0.1', 'ssh', '', ?, ?, ?)`,
  ).run(id, new Date(Date.now() - 60_000).toISOString(), terminalId, storage.json.id);
  const lines = [JSON.stringify({ version: 2, width: 80, height: 24, timestamp: Math.floor(Date.now() / 1000) - 60 })];
  for (let i = 0; i < 1000; i += 1) lines.push(JSON.stringify([i / 10, 'o', randomBytes(36_000).toString('base64')]));
  mkdirSync(join(dataDir, 'replays'), { recursive: true });
  writeFileSync(join(dataDir, 'replays', `${id}.cast`), `${lines.join('\n')}\n`);

  const second = await terminalProcess(t, env);
  await eventually(
    async () => (await store.openUploads()) > 0,
    30_000,
    `a multipart upload under way: ${second.output()}`,
  );
  const killed = new Promise((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGKILL');
  await killed;
  assert.equal(
    db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(id),
    0,
    'not stored before the kill',
  );
  assert.deepEqual(await store.keys(), [], 'no object from the cut upload');

  const third = await terminalProcess(t, env);
  await eventually(
    () => db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(id) === 1,
    60_000,
    `stored after the restart: ${third.output()}`,
  );
  const keys = await store.keys();
  assert.equal(keys.length, 1, keys.join(', '));
  assert.equal(await store.openUploads(), 0, "the cut upload's parts were given up");
  const object = await store.get(keys[0]);
  assert.equal(
    object.metadata.sha256,
    createHash('sha256')
      .update(`${lines.join('\n')}\n`)
      .digest('hex'),
  );
  assert.equal(
    db.prepare('SELECT is_finished FROM terminal_sessions WHERE id = ?').pluck().get(id),
    1,
    'the session closed too',
  );
});
