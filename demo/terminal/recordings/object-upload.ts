// One recording into its object store: gzip-compressed on the way, by a streaming multipart upload (parts
// of 8 MiB, two in flight: a 1 GB recording never sits in memory), under the name the server gave
// (`<date>/<session id>.cast.gz`), with the SHA-256 of the recording as its metadata. Stored once: an
// object already there with the same digest is this recording stored by an earlier try (the answer was
// lost, or the terminal was killed after it), one with another digest is refused — never overwritten.
import {
  AbortMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { DIGEST_METADATA, objectStoreClient, statusOf, type ObjectStoreSettings } from '../../shared/replay-object.ts';

/** What the server answers for a session's recording (`sessions/<id>/replay/target/`). */
export interface ReplayTarget {
  type: string;
  storage: string;
  key?: string;
  config?: ObjectStoreSettings;
}

export type StoreOutcome = { stored: true; sha256: string; size: number } | { stored: false; conflict: string };

const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** SHA-256 of the recording as recorded (what the server compares with its own copies). */
async function digestOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

async function head(client: S3Client, bucket: string, key: string): Promise<{ size: number; sha256: string } | null> {
  try {
    const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: Number(answer.ContentLength ?? -1), sha256: String(answer.Metadata?.[DIGEST_METADATA] ?? '') };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/**
 * Parts an earlier try left behind (killed mid-upload) are given up, so they do not lie in the bucket. Only
 * tidying: a key allowed to write but not to list uploads (a narrow bucket policy) still stores the recording.
 */
async function abandonEarlierTries(client: S3Client, bucket: string, key: string): Promise<void> {
  try {
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: key }));
    for (const upload of listed.Uploads ?? []) {
      if (upload.Key === key && upload.UploadId)
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: upload.UploadId }));
    }
  } catch {
    // Left to the bucket's lifecycle rules (AbortIncompleteMultipartUpload), where it has them.
  }
}

/** The file gzip-compressed as it is read; a read error fails the upload too. */
function gzipped(file: string): Readable {
  const source = createReadStream(file);
  const gzip = createGzip({ level: 6 });
  source.once('error', (error) => gzip.destroy(error));
  return source.pipe(gzip);
}

/**
 * Stores `file` (an asciicast) at the target; resolves what the server is to be told, or the conflict.
 * Throws the store's error (unreachable, refused credentials, a missing bucket): the caller retries.
 * `signal` aborts an upload in flight (the terminal stopping); the next try starts it again.
 */
export async function storeRecording(file: string, target: ReplayTarget, signal?: AbortSignal): Promise<StoreOutcome> {
  if (!target.key || !target.config) throw new Error(`the server gave no object name for storage ${target.storage}`);
  const { client, bucket } = objectStoreClient(target.config);
  try {
    const sha256 = await digestOf(file);
    const found = await head(client, bucket, target.key);
    if (found) return settled(found, sha256, target);
    await abandonEarlierTries(client, bucket, target.key);
    const upload = new Upload({
      client,
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
      // If-None-Match: a store that knows it refuses to write over an object that appeared meanwhile.
      params: {
        Bucket: bucket,
        Key: target.key,
        Body: gzipped(file),
        ContentType: 'application/gzip',
        Metadata: { [DIGEST_METADATA]: sha256 },
        IfNoneMatch: '*',
      },
    });
    const abort = () => void upload.abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await upload.done();
    } catch (error) {
      if (statusOf(error) !== 412) throw error;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    // The size as stored (RGW's CompleteMultipartUpload answers an empty ETag; HEAD has it all).
    const stored = await head(client, bucket, target.key);
    if (!stored) throw new Error(`${target.storage}: ${bucket}/${target.key} is not there after its upload`);
    return settled(stored, sha256, target);
  } finally {
    client.destroy();
  }
}

function settled(found: { size: number; sha256: string }, sha256: string, target: ReplayTarget): StoreOutcome {
  if (found.sha256 === sha256) return { stored: true, sha256, size: found.size };
  return {
    stored: false,
    conflict: `${target.storage} already holds another object at ${target.key} (SHA-256 ${found.sha256 || 'unknown'}): it is not overwritten`,
  };
}
