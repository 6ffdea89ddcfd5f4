// Recordings where large deployments keep them (issue 34), against a real S3 server (Ceph's RADOS Gateway
// on loopback, scripts/lib/ceph-rgw.mjs): a terminal whose replay storage is a Ceph bucket stores each
// session's recording there — gzip asciicast at `<date>/<id>.cast.gz` with its SHA-256 — and the server
// serves the console's replay and download from there. A storage changed on the terminal applies to its
// next sessions and the old recordings stay readable; records stay append-only; retention deletes the
// object with its session; a storage holding recordings keeps its type and cannot be deleted.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseAllowedTargets } from '../../../demo/shared/allowed-targets.ts';
import { ReplayFiles } from '../../../demo/server/terminal/replay-files.ts';
import { sweepExpired } from '../../../demo/server/terminal/session-retention.ts';
import { ApiError } from '../../../demo/terminal/delivery/api.ts';
import { DOORS, endSession, openSession, runLine } from '../support/door-session.ts';
import { testStore } from '../support/object-store.ts';
import { eventually, terminalWorld, type TerminalWorld } from '../support/terminal-world.ts';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** One recorded session through the SSH door that prints `word`; answers its id once it is closed. */
async function recordedSession(
  world: TerminalWorld,
  t: Parameters<typeof DOORS.ssh>[1],
  word: string,
): Promise<string> {
  const screen = await DOORS.ssh(world, t);
  const { id } = await openSession(world);
  await runLine(screen, `echo ${word}`);
  await endSession(world, screen, id);
  return id;
}

const sessionOf = async (world: TerminalWorld, id: string) =>
  (await world.admin('GET', `/api/v1/terminal/sessions/${id}/`)).json;

test('a terminal whose replay storage is a Ceph bucket stores each recording there, and the console reads it from there', async (t) => {
  const store = await testStore(t);
  const world = await terminalWorld(t);
  const { db } = world.app.bastion;
  const created = await world.admin('POST', '/api/v1/terminal/replay-storages/', {
    name: 'ceph-replays',
    type: 'ceph',
    meta: store.meta,
  });
  assert.equal(created.status, 201, created.body);
  const tested = await world.admin('GET', `/api/v1/terminal/replay-storages/${created.json.id}/test-connective/`);
  assert.equal(tested.json.is_valid, true, tested.body);
  const terminalId = world.terminal.services.terminalId;
  assert.equal(
    (await world.admin('PATCH', `/api/v1/terminal/terminals/${terminalId}/`, { replay_storage: 'ceph-replays' }))
      .status,
    200,
  );

  const id = await recordedSession(world, t, 'hello-object-store');
  const stored = await eventually(
    () =>
      db.prepare('SELECT * FROM replay_objects WHERE session_id = ?').get(id) as Record<string, unknown> | undefined,
    20_000,
    'the recording in the store',
  );
  const row = db.prepare('SELECT date_start, has_replay FROM terminal_sessions WHERE id = ?').get(id) as {
    date_start: string;
    has_replay: number;
  };
  const key = `${row.date_start.slice(0, 10)}/${id}.cast.gz`;
  assert.equal(stored.object_key, key, "2.3's layout: <date the session started>/<id>.cast.gz");
  assert.equal(row.has_replay, 1);
  assert.deepEqual(await store.keys(), [key], 'one object, nothing else in the bucket');
  assert.equal(await store.openUploads(), 0, 'no multipart upload left open');

  // The object: gzip of the asciicast, its SHA-256 as metadata; the terminal kept nothing, the server's disk neither.
  const object = await store.get(key);
  const cast = gunzipSync(object.body);
  const [header, ...events] = cast.toString('utf8').trimEnd().split('\n');
  assert.equal(JSON.parse(header).version, 2);
  assert.ok(
    events.some((line) => line.includes('hello-object-store')),
    "the session's output is in the recording",
  );
  assert.equal(object.metadata.sha256, sha256(cast));
  assert.equal(stored.size, object.body.length);
  assert.deepEqual(
    readdirSync(world.terminal.services.replayDir).filter((name) => name.startsWith(id)),
    [],
    'the terminal removed its copy once stored',
  );
  assert.equal(
    existsSync(join(dirname(db.name), 'replays', `${id}.cast.gz`)),
    false,
    'the server kept no copy on its disk',
  );

  // The console: replay answers src; src streams the object (gzip as stored, or inflated); the download holds it.
  const replay = await world.admin('GET', `/api/v1/terminal/sessions/${id}/replay/`);
  assert.equal(replay.status, 200, replay.body);
  const gz = await world.app.inject({
    method: 'GET',
    url: replay.json.src,
    headers: { ...(await adminHeaders(world)), 'accept-encoding': 'gzip' },
  });
  assert.equal(gz.statusCode, 200);
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.ok(gz.rawPayload.equals(object.body), 'the stored bytes as they are');
  const plain = await world.app.inject({ method: 'GET', url: replay.json.src, headers: await adminHeaders(world) });
  assert.equal(plain.body, cast.toString('utf8'));
  const tar = await world.app.inject({
    method: 'GET',
    url: replay.json.download_url,
    headers: await adminHeaders(world),
  });
  assert.equal(tar.statusCode, 200);
  assert.ok(
    tar.rawPayload.subarray(512, 512 + object.body.length).equals(object.body),
    'the tar carries <id>.cast.gz as stored',
  );
  assert.equal((await sessionOf(world, id)).replay_status, 'stored');

  // Append-only in the store as on the server's disk: the same report again is done, another recording is refused.
  const api = world.terminal.services.api;
  const again = await api.post<{ url: string }>(`/api/v1/terminal/sessions/${id}/replay/object/`, {
    sha256: object.metadata.sha256,
    size: object.body.length,
  });
  assert.equal(again.url, replay.json.src);
  await assert.rejects(
    api.post(`/api/v1/terminal/sessions/${id}/replay/object/`, { sha256: sha256('another'), size: 10 }),
    (error: unknown) => error instanceof ApiError && error.status === 409,
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob([gzipSync('{"version": 2, "width": 80, "height": 24}\n[0.1, "o", "forged"]\n')]),
    'x.cast',
  );
  await assert.rejects(
    api.request(`/api/v1/terminal/sessions/${id}/replay/`, { method: 'POST', form }),
    (error: unknown) => error instanceof ApiError && error.status === 409,
  );
  const sameUpload = new FormData();
  sameUpload.append('file', new Blob([cast]), 'x.cast');
  assert.ok(
    await api.request(`/api/v1/terminal/sessions/${id}/replay/`, { method: 'POST', form: sameUpload }),
    'the same recording uploaded again is taken as done',
  );
  assert.deepEqual(await store.keys(), [key]);

  // The storage holds recordings: it keeps its type and stays.
  const storageUrl = `/api/v1/terminal/replay-storages/${created.json.id}/`;
  assert.equal((await world.admin('PATCH', storageUrl, { type: 's3' })).status, 400);
  assert.equal((await world.admin('DELETE', storageUrl)).status, 400);

  // Back to the server's disk: the next session goes there, the first still plays from the bucket.
  assert.equal(
    (await world.admin('PATCH', `/api/v1/terminal/terminals/${terminalId}/`, { replay_storage: 'default' })).status,
    200,
  );
  const next = await recordedSession(world, t, 'hello-server-disk');
  await eventually(
    () => db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(next) === 1,
    10_000,
    'the next recording',
  );
  assert.equal(db.prepare('SELECT COUNT(*) FROM replay_objects WHERE session_id = ?').pluck().get(next), 0);
  assert.deepEqual(await store.keys(), [key], 'nothing new in the bucket');
  const old = await world.app.inject({ method: 'GET', url: replay.json.src, headers: await adminHeaders(world) });
  assert.equal(old.body, cast.toString('utf8'), 'the old recording stays readable');

  // Retention: the session goes with its commands and its object in the store.
  db.prepare("UPDATE terminal_sessions SET date_start = '2020-01-01T00:00:00.000Z' WHERE id = ?").run(id);
  const replays = new ReplayFiles(join(world.dataDir, 'unused'));
  await sweepExpired(db, replays, world.app.bastion.settings, Date.now(), parseAllowedTargets('127.0.0.0/8'));
  assert.equal(db.prepare('SELECT COUNT(*) FROM terminal_sessions WHERE id = ?').pluck().get(id), 0);
  assert.equal(db.prepare('SELECT COUNT(*) FROM expired_replay_objects').pluck().get(), 0, 'nothing left queued');
  assert.equal(await store.exists(key), false, 'the object is gone from the bucket');
  // The storage holds none now: it may go.
  assert.equal((await world.admin('DELETE', storageUrl)).status, 204);
});

async function adminHeaders(world: TerminalWorld): Promise<Record<string, string>> {
  const { bearer } = await import('../helpers.ts');
  return bearer(world.app, 'admin');
}
