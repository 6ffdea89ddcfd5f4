// Reads of the storages tables (command_storages, replay_storages), which the engine writes through their
// resources (storage-resource.ts): a storage by name or id, and the one a session's recording goes to.
import type { DB } from '../core/db/open.ts';

export type StorageTable = 'command_storages' | 'replay_storages';

export interface ReplayStorageRow {
  id: string;
  name: string;
  type: string;
  meta: string;
}

/** The name of the storage named `value`, else of the one whose id it is (2.3 keeps storages by name). */
export function storageNamed(db: DB, table: StorageTable, value: string): string | undefined {
  return db
    .prepare(`SELECT name FROM ${table} WHERE name = ? OR id = ? ORDER BY name = ? DESC LIMIT 1`)
    .pluck()
    .get(value, value, value) as string | undefined;
}

/** A storage's type and (sealed) meta by name: a terminal's config (storage-config.ts). */
export function storageTypeAndMeta(
  db: DB,
  table: StorageTable,
  name: string,
): { type: string; meta: string } | undefined {
  return db.prepare(`SELECT type, meta FROM ${table} WHERE name = ?`).get(name) as
    { type: string; meta: string } | undefined;
}

export function replayStorageById(db: DB, id: string | null | undefined): ReplayStorageRow | undefined {
  if (!id) return undefined;
  return db.prepare('SELECT id, name, type, meta FROM replay_storages WHERE id = ?').get(id) as
    ReplayStorageRow | undefined;
}
