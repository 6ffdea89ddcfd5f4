// What the server and the terminal agree on about a recording kept in an S3-compatible object store (S3,
// Ceph's RADOS Gateway, OSS, Swift's S3 layer): which storage types are written there, the object's name,
// the digest it carries, and how a client for a storage's settings is made. Both processes import this
// file and nothing of each other.
//
// The name is `<date the session started, UTC, YYYY-MM-DD>/<session id>.cast.gz`: JumpServer's layout
// (2.3's core looks for `<date>/<id>.replay.gz`, the name koko 2.3 gave its own JSON format; later cores
// also read `<date>/<id>.cast.gz`, the name of asciicast recordings, which ours are). The object is the
// asciicast v2 file gzip-compressed, and its `x-amz-meta-sha256` is the SHA-256 of the asciicast as
// recorded (inflated), so "the same recording" is decided the same way as for the server's own disk.
import { S3Client } from '@aws-sdk/client-s3';

/** Replay storage types whose recordings the terminal writes to a bucket (2.3 reports ceph as s3). */
export const OBJECT_STORE_TYPES: ReadonlySet<string> = new Set(['s3', 'ceph', 'swift', 'oss']);

/** The user metadata key (x-amz-meta-sha256) holding the SHA-256 of the inflated asciicast. */
export const DIGEST_METADATA = 'sha256';

/** The first bytes the server reads back to check that a stored object is an asciicast v2 recording. */
export const HEADER_PROBE_BYTES = 64 * 1024;

/** `<YYYY-MM-DD of date_start in UTC>/<session id>.cast.gz`. */
export function replayObjectKey(sessionId: string, dateStart: string): string {
  const start = new Date(dateStart);
  if (Number.isNaN(start.getTime())) throw new Error(`not a date: ${dateStart}`);
  return `${start.toISOString().slice(0, 10)}/${sessionId.toLowerCase()}.cast.gz`;
}

/** A storage's settings as a terminal's config (and the server's storage meta) name them. */
export interface ObjectStoreSettings {
  TYPE?: string;
  BUCKET?: unknown;
  ACCESS_KEY?: unknown;
  SECRET_KEY?: unknown;
  ENDPOINT?: unknown;
  REGION?: unknown;
}

/** ENDPOINT as a URL: `host[:port]` alone is https, as 2.3's storage form expected. */
export function endpointUrl(raw: unknown): URL {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) throw new Error('ENDPOINT is not set');
  const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('ENDPOINT must be an http(s) URL');
  return url;
}

/**
 * A client for the storage and its bucket. Path-style addressing (`<endpoint>/<bucket>/<key>`), which
 * Ceph, MinIO and Swift's S3 layer take without any DNS set-up; OSS takes only virtual-hosted names
 * (`<bucket>.<endpoint>`). Checksums only where the API requires them: the SDK's default streaming trailing
 * checksum is refused by RGW 16 with 411 MissingContentLength. Each call is tried twice by the SDK; the
 * callers retry beyond that on their own schedule.
 */
export function objectStoreClient(settings: ObjectStoreSettings): { client: S3Client; bucket: string } {
  const bucket = String(settings.BUCKET ?? '').trim();
  if (!bucket) throw new Error('BUCKET is not set');
  const endpoint = endpointUrl(settings.ENDPOINT);
  const client = new S3Client({
    endpoint: endpoint.toString().replace(/\/$/, ''),
    region: String(settings.REGION ?? '').trim() || 'us-east-1',
    forcePathStyle: String(settings.TYPE) !== 'oss',
    credentials: { accessKeyId: String(settings.ACCESS_KEY ?? ''), secretAccessKey: String(settings.SECRET_KEY ?? '') },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
  return { client, bucket };
}

/** The HTTP status of an SDK error (0: no answer at all). */
export const statusOf = (error: unknown): number =>
  Number((error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode ?? 0);

/** An SDK error in a few words: the store's code and message, or the network's. */
export function describeStoreError(error: unknown): string {
  const e = error as { name?: string; Code?: string; message?: string; code?: string };
  const status = statusOf(error);
  const what = e?.Code ?? e?.name ?? e?.code ?? 'Error';
  const message = String(e?.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  return status
    ? `${what} (HTTP ${status})${message && message !== what && message !== 'UnknownError' ? `: ${message}` : ''}`
    : `${what}: ${message}`;
}
