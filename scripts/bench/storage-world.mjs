// What the storage bench sections share: a real S3 server (Ceph's RADOS Gateway on loopback, one bucket), a
// reference server in a child process with a Ceph replay storage for that bucket, an admin's token, and
// sessions written into its database as a terminal's door would have opened them (the API opens a session
// only as it opens, for a user the terminal signs in then; these hours already happened).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { startCephRgw } from '../lib/ceph-rgw.mjs';
import { startServer, stopServer } from './server-child.mjs';

export const DEMO_PASSWORD = 'bastion';
export const BUCKET = 'bench-replays';

/** The same client settings the terminal and the server use (demo/shared/replay-object.ts). */
export function s3Client(rgw) {
  return new S3Client({
    endpoint: rgw.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: rgw.accessKey, secretAccessKey: rgw.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function json(response, what) {
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Starts Ceph and the server (with `bootstrapToken`); resolves `{ rgw, base, dir, admin(method, path, body),
 * storageId, insertSession(fields), stop() }`.
 */
export async function storageWorld({ distDir, bootstrapToken }) {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-bench-storage-'));
  const rgw = await startCephRgw();
  const client = s3Client(rgw);
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const saved = process.env.BOOTSTRAP_TOKEN;
  process.env.BOOTSTRAP_TOKEN = bootstrapToken; // the child server reads it at start
  const { child, base } = await startServer({ dataDir: dir, distDir, demoPassword: DEMO_PASSWORD }).finally(() => {
    if (saved === undefined) delete process.env.BOOTSTRAP_TOKEN;
    else process.env.BOOTSTRAP_TOKEN = saved;
  });
  const { token } = await json(
    await fetch(`${base}/api/v1/authentication/auth/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    }),
    'admin token',
  );
  const admin = (method, path, body) =>
    fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => json(response, `${method} ${path}`));
  const storage = await admin('POST', '/api/v1/terminal/replay-storages/', {
    name: 'bench-ceph',
    type: 'ceph',
    meta: { BUCKET, ACCESS_KEY: rgw.accessKey, SECRET_KEY: rgw.secretKey, ENDPOINT: rgw.endpoint },
  });
  const db = new Database(join(dir, 'bastion.sqlite3'));
  return {
    rgw,
    base,
    dir,
    client,
    admin,
    storageId: storage.id,
    /** A session of `terminal` as its door recorded it; answers its id. */
    insertSession({ terminal, dateStart, replayStorage = null, finished = false }) {
      const id = randomUUID();
      db.prepare(
        `INSERT INTO terminal_sessions (id, user, asset, system_user, login_from, remote_addr, protocol, org_id, date_start, terminal, replay_storage, is_finished)
        VALUES (?, 'Administrator(admin)', 'bench-host', 'root', 'ST', '127.0.0.1', 'ssh', '', ?, ?, ?, ?)`,
      ).run(id, dateStart, terminal, replayStorage, finished ? 1 : 0);
      return id;
    },
    hasReplay: (id) => db.prepare('SELECT has_replay FROM terminal_sessions WHERE id = ?').pluck().get(id) === 1,
    async stop() {
      db.close();
      client.destroy();
      await stopServer(child);
      await rgw.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
