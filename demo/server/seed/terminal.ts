// Demo storages beside the built-in `default` ones (migration 12): a MinIO-style S3 replay archive and an
// Elasticsearch command store on this host. Nothing listens there in the demo, so their
// test-connective honestly fails, as it would for a storage configured before its server is up.
// Sample sessions and their commands: session-samples.ts (removed by an org's first real session).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { insertDefinedRow } from '../engine/write.ts';
import { sealMeta } from '../terminal/storage-meta.ts';
import { commandStoragesResource, replayStoragesResource } from '../terminal/storage-resource.ts';

export function seedTerminalStorages(db: DB, nowMs: number): void {
  const stamp = { created_by: 'System', date_created: isoAt(nowMs), date_updated: isoAt(nowMs) };
  insertDefinedRow(db, replayStoragesResource, {
    id: uuid(),
    name: 'minio-archive',
    type: 's3',
    meta: JSON.stringify(
      sealMeta(db, {
        BUCKET: 'jumpserver-replays',
        ACCESS_KEY: 'bastion-replays',
        SECRET_KEY: 'minio-demo-secret-2bd7f0',
        ENDPOINT: 'http://127.0.0.1:9000',
      }),
    ),
    comment: 'Replay archive on the MinIO of the ops network',
    ...stamp,
  });
  insertDefinedRow(db, commandStoragesResource, {
    id: uuid(),
    name: 'es-commands',
    type: 'es',
    meta: JSON.stringify({
      HOSTS: ['http://127.0.0.1:9200'],
      INDEX: 'jumpserver',
      DOC_TYPE: 'command',
    }),
    comment: 'Command index for long-term search',
    ...stamp,
  });
}
