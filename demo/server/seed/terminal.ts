// Demo storages beside the built-in `default` ones (migration 12): a MinIO-style S3 replay archive and an
// Elasticsearch command store on this host. Nothing listens there in the demo, so their
// test-connective honestly fails, as it would for a storage configured before its server is up.
// Sample sessions and their commands: session-samples.ts (removed by an org's first real session).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { sealMeta } from '../terminal/storage-meta.ts';

export function seedTerminalStorages(db: DB, nowMs: number): void {
  const stamp = isoAt(nowMs);
  db.prepare(
    `INSERT INTO replay_storages (id, name, type, meta, comment, created_by, date_created, date_updated)
    VALUES (?, 'minio-archive', 's3', ?, 'Replay archive on the MinIO of the ops network', 'System', ?, ?)`,
  ).run(
    uuid(),
    JSON.stringify(
      sealMeta(db, {
        BUCKET: 'jumpserver-replays',
        ACCESS_KEY: 'bastion-replays',
        SECRET_KEY: 'minio-demo-secret-2bd7f0',
        ENDPOINT: 'http://127.0.0.1:9000',
      }),
    ),
    stamp,
    stamp,
  );
  db.prepare(
    `INSERT INTO command_storages (id, name, type, meta, comment, created_by, date_created, date_updated)
    VALUES (?, 'es-commands', 'es', ?, 'Command index for long-term search', 'System', ?, ?)`,
  ).run(
    uuid(),
    JSON.stringify({
      HOSTS: ['http://127.0.0.1:9200'],
      INDEX: 'jumpserver',
      DOC_TYPE: 'command',
    }),
    stamp,
    stamp,
  );
}
