// Recordings kept in an object store (S3, Ceph, OSS, Swift's S3 layer): the server's calls to the stores (the
// SQL of `replay_objects` and `expired_replay_objects` is replay-object-store.ts's) — a HEAD and the
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
import {
  expiredObjects,
  forgetExpiredObject,
  noteExpiredObjectFailure,
  type StoredObject,
} from './replay-object-store.ts';
import { replayStorageById, type ReplayStorageRow } from './storage-store.ts';

/** The store could not be asked (unreachable, refused our key, outside the allowed targets): try later. */
export class StoreUnavailable extends Error {}

export const isObjectStore = (type: string | undefined): boolean => OBJECT_STORE_TYPES.has(String(type));

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

/** Deletes the queued objects from their stores; what fails stays queued for the next sweep. Answers how many went. */
export async function deleteExpiredObjects(db: DB, policy: TargetPolicy, limit = 1000): Promise<number> {
  const rows = expiredObjects(db, limit);
  let deleted = 0;
  for (const row of rows) {
    const storage = replayStorageById(db, row.storage_id);
    try {
      if (!storage || !isObjectStore(storage.type))
        throw new Error(`the replay storage ${row.storage_id} no longer exists`);
      const client = await clientOf(db, storage, policy);
      // S3's DELETE answers 204 whether the object was there or not: a retry after a lost answer is fine.
      await client.send(new DeleteObjectCommand({ Bucket: row.bucket, Key: row.object_key }));
      forgetExpiredObject(db, row.id);
      deleted += 1;
    } catch (error) {
      const reason = error instanceof StoreUnavailable ? error.message : describeStoreError(error);
      noteExpiredObjectFailure(db, row.id, reason.slice(0, 500));
    }
  }
  return deleted;
}
