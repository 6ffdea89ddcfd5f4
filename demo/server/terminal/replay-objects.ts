// Recordings kept in an object store (S3, Ceph, OSS, Swift's S3 layer): the only module that holds the SQL
// of `replay_objects` and `expired_replay_objects`, and the server's calls to the stores — a HEAD and the
// first bytes to check what a terminal says it stored, a GET to stream a replay to the console, a DELETE for
// retention. The terminal writes the objects (demo/terminal/recordings/); the server never does.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  DIGEST_METADATA,
  describeStoreError,
  endpointUrl,
  HEADER_PROBE_BYTES,
  OBJECT_STORE_TYPES,
  objectStoreClient,
  statusOf,
  type ObjectStoreSettings,
} from '../../shared/replay-object.ts';
import type { DB } from '../core/db/open.ts';
import { resolveAllowed, type TargetPolicy } from '../../shared/allowed-targets.ts';
import { openMeta } from './storage-meta.ts';

export interface StoredObject {
  session_id: string;
  storage_id: string;
  bucket: string;
  object_key: string;
  size: number;
  sha256: string;
  date_stored: string;
}
export interface ReplayStorageRow {
  id: string;
  name: string;
  type: string;
  meta: string;
}

/** The store could not be asked (unreachable, refused our key, outside the allowed targets): try later. */
export class StoreUnavailable extends Error {}

export const isObjectStore = (type: string | undefined): boolean => OBJECT_STORE_TYPES.has(String(type));

export function replayStorageById(db: DB, id: string | null | undefined): ReplayStorageRow | undefined {
  if (!id) return undefined;
  return db.prepare('SELECT id, name, type, meta FROM replay_storages WHERE id = ?').get(id) as
    ReplayStorageRow | undefined;
}

export function storedObject(db: DB, sessionId: string): StoredObject | undefined {
  return db.prepare('SELECT * FROM replay_objects WHERE session_id = ?').get(sessionId) as StoredObject | undefined;
}

/** Records where the session's recording is, once: answers the row that holds (this one, or the first). */
export function recordObject(db: DB, stored: StoredObject): StoredObject {
  db.prepare(
    `INSERT OR IGNORE INTO replay_objects (session_id, storage_id, bucket, object_key, size, sha256, date_stored)
    VALUES (@session_id, @storage_id, @bucket, @object_key, @size, @sha256, @date_stored)`,
  ).run(stored);
  return storedObject(db, stored.session_id)!;
}

/** Whether recordings are kept in, or still owed to, this storage (it must then keep its type and stay). */
export function storageInUse(db: DB, storageId: string): boolean {
  return (
    !!db.prepare('SELECT 1 FROM replay_objects WHERE storage_id = ? LIMIT 1').get(storageId) ||
    !!db.prepare('SELECT 1 FROM expired_replay_objects WHERE storage_id = ? LIMIT 1').get(storageId) ||
    !!db
      .prepare(
        `SELECT 1 FROM terminal_sessions s WHERE s.replay_storage = ? AND s.has_replay = 0
      AND NOT EXISTS (SELECT 1 FROM replay_objects o WHERE o.session_id = s.id) LIMIT 1`,
      )
      .get(storageId)
  );
}

// One client per storage and settings: a replay's GET reuses its connections. Few storages exist.
const clients = new Map<string, { client: S3Client; bucket: string }>();

/** A client for the storage, after its endpoint passed the outbound allow-list (as Test connection does). */
async function clientOf(db: DB, storage: ReplayStorageRow, policy: TargetPolicy): Promise<S3Client> {
  const settings: ObjectStoreSettings = { ...openMeta(db, storage.meta), TYPE: storage.type };
  try {
    await resolveAllowed(endpointUrl(settings.ENDPOINT).hostname.replace(/^\[|\]$/g, ''), policy);
  } catch (error) {
    throw new StoreUnavailable(`${storage.name}: ${(error as Error).message}`);
  }
  const cacheKey = createHash('sha256')
    .update(`${storage.id}\n${JSON.stringify(settings)}`)
    .digest('hex');
  let made = clients.get(cacheKey);
  if (!made) {
    made = objectStoreClient(settings);
    const oldest = clients.size >= 16 ? clients.keys().next().value : undefined;
    if (oldest !== undefined) {
      clients.get(oldest)!.client.destroy();
      clients.delete(oldest);
    }
    clients.set(cacheKey, made);
  }
  return made.client;
}

const unavailable = (storage: ReplayStorageRow, error: unknown) =>
  new StoreUnavailable(`${storage.name}: ${describeStoreError(error)}`);

/** Size and digest of an object, or null when the store says it is not there. */
export async function headObject(
  db: DB,
  policy: TargetPolicy,
  storage: ReplayStorageRow,
  bucket: string,
  key: string,
): Promise<{ size: number; sha256: string } | null> {
  const client = await clientOf(db, storage, policy);
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: Number(head.ContentLength ?? -1), sha256: String(head.Metadata?.[DIGEST_METADATA] ?? '') };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw unavailable(storage, error);
  }
}

/** The first line of the recording: its first bytes, inflated (the object is gzip). */
export async function firstLineOf(
  db: DB,
  policy: TargetPolicy,
  storage: ReplayStorageRow,
  bucket: string,
  key: string,
): Promise<string> {
  const client = await clientOf(db, storage, policy);
  let body: Readable;
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${HEADER_PROBE_BYTES - 1}` }),
    );
    body = answer.Body as Readable;
  } catch (error) {
    throw unavailable(storage, error);
  }
  const gunzip = createGunzip();
  body.pipe(gunzip);
  let text = '';
  try {
    for await (const chunk of gunzip) {
      text += (chunk as Buffer).toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) return text.slice(0, end);
      if (text.length > HEADER_PROBE_BYTES) break;
    }
  } catch {
    // The probe ends inside the gzip stream: what was inflated before that is all there is to read.
  } finally {
    body.destroy();
    gunzip.destroy();
  }
  return text;
}

/** The stored gzip bytes of a recording, streamed from its store. */
export async function openObject(db: DB, policy: TargetPolicy, stored: StoredObject): Promise<Readable> {
  const storage = replayStorageById(db, stored.storage_id);
  if (!storage || !isObjectStore(storage.type))
    throw new StoreUnavailable(`the replay storage ${stored.storage_id} no longer exists`);
  const client = await clientOf(db, storage, policy);
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: stored.bucket, Key: stored.object_key }));
    return answer.Body as Readable;
  } catch (error) {
    throw unavailable(storage, error);
  }
}

/**
 * Queues the objects of these sessions for deletion (retention), in the caller's transaction, before their
 * rows go: a crash afterwards leaves the deletion queued, never an object no row names.
 */
export function queueExpiredObjects(db: DB, sessionIds: string[], stamp: string): void {
  const queue = db.prepare(`INSERT INTO expired_replay_objects (storage_id, bucket, object_key, date_expired)
    SELECT storage_id, bucket, object_key, ? FROM replay_objects WHERE session_id = ?`);
  const forget = db.prepare('DELETE FROM replay_objects WHERE session_id = ?');
  for (const id of sessionIds) {
    queue.run(stamp, id);
    forget.run(id);
  }
}

/** Deletes the queued objects from their stores; what fails stays queued for the next sweep. Answers how many went. */
export async function deleteExpiredObjects(db: DB, policy: TargetPolicy, limit = 1000): Promise<number> {
  const rows = db.prepare('SELECT * FROM expired_replay_objects ORDER BY id LIMIT ?').all(limit) as {
    id: number;
    storage_id: string;
    bucket: string;
    object_key: string;
  }[];
  let deleted = 0;
  for (const row of rows) {
    const storage = replayStorageById(db, row.storage_id);
    try {
      if (!storage || !isObjectStore(storage.type))
        throw new Error(`the replay storage ${row.storage_id} no longer exists`);
      const client = await clientOf(db, storage, policy);
      // S3's DELETE answers 204 whether the object was there or not: a retry after a lost answer is fine.
      await client.send(new DeleteObjectCommand({ Bucket: row.bucket, Key: row.object_key }));
      db.prepare('DELETE FROM expired_replay_objects WHERE id = ?').run(row.id);
      deleted += 1;
    } catch (error) {
      const reason = error instanceof StoreUnavailable ? error.message : describeStoreError(error);
      db.prepare('UPDATE expired_replay_objects SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(
        reason.slice(0, 500),
        row.id,
      );
    }
  }
  return deleted;
}
