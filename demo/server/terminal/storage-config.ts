// TERMINAL_COMMAND_STORAGE / TERMINAL_REPLAY_STORAGE of a terminal's config: the named storage's meta
// plus TYPE (2.3 Terminal.config), or the built-in server storage when the name is unknown.
import type { DB } from '../core/db/open.ts';
import { openMeta } from './storage-meta.ts';
import { storageTypeAndMeta, type StorageTable } from './storage-store.ts';

export function storageConfig(db: DB, table: StorageTable, name: string): Record<string, unknown> {
  const row = storageTypeAndMeta(db, table, name);
  if (!row) return { TYPE: 'server' };
  // 2.3 reports ceph as s3 (same protocol).
  const type = row.type === 'ceph' ? 's3' : row.type;
  return { ...openMeta(db, row.meta), TYPE: type };
}
