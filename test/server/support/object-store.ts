// A real S3 server for the replay-storage tests (Ceph's RADOS Gateway, scripts/lib/ceph-rgw.mjs), stopped
// when the test ends, with what the tests read of it: a bucket made, the objects under it, one object's
// bytes and metadata. Reads go through the same AWS SDK client settings the server and the terminal use.
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { TestContext } from 'node:test';
import { objectStoreClient, statusOf } from '../../../demo/shared/replay-object.ts';
import { startCephRgw, type CephRgw } from '../../../scripts/lib/ceph-rgw.mjs';

export interface TestStore {
  rgw: CephRgw;
  bucket: string;
  client: S3Client;
  /** The replay-storage meta of this bucket, as an admin types it on the Storages page. */
  meta: Record<string, string>;
  keys(prefix?: string): Promise<string[]>;
  get(key: string): Promise<{ body: Buffer; metadata: Record<string, string> }>;
  exists(key: string): Promise<boolean>;
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads(): Promise<number>;
}

export async function testStore(t: TestContext, bucket = 'bastion-replays'): Promise<TestStore> {
  const rgw = await startCephRgw();
  t.after(() => rgw.stop());
  const meta = { BUCKET: bucket, ACCESS_KEY: rgw.accessKey, SECRET_KEY: rgw.secretKey, ENDPOINT: rgw.endpoint };
  const { client } = objectStoreClient({ TYPE: 'ceph', ...meta });
  t.after(() => client.destroy());
  // The gateway answers before it knows the user radosgw-admin just made (rarely, on a busy machine): the
  // bucket is made once it does.
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      break;
    } catch (error) {
      if (Date.now() > deadline || statusOf(error) !== 403) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    rgw,
    bucket,
    client,
    meta,
    keys: async (prefix) =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map(
        (item) => item.Key!,
      ),
    get: async (key) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: Buffer.from(await answer.Body!.transformToByteArray()), metadata: answer.Metadata ?? {} };
    },
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    openUploads: async () =>
      ((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).length,
  };
}
