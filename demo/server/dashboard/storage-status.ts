// The dashboard's `storage_status` key (our extension of 2.3's IndexApi, superusers only): the server's
// own data folder (free space now, the last storage fault this process met) and every live terminal's,
// as its heartbeat last reported it, so a full disk anywhere in the bastion shows on the first page.
import type { DB } from '../core/db/open.ts';
import { ALIVE_MS } from '../terminal/resources/terminals.ts';
import { serverDataFolder, storageState, type DataFolderStatus, type StorageState } from '../terminal/storage-state.ts';
import { terminalStorageReports } from '../terminal/terminal-store.ts';

export interface TerminalStorage {
  id: string;
  name: string;
  is_alive: boolean;
  state: StorageState;
  free_bytes: number | null;
  total_bytes: number | null;
  last_fault: unknown;
}

export interface StorageStatus {
  server: DataFolderStatus;
  terminals: TerminalStorage[];
}

export function storageStatus(db: DB, dataDir: string, nowMs: number): StorageStatus {
  const rows = terminalStorageReports(db);
  return {
    server: serverDataFolder(dataDir, nowMs),
    terminals: rows.map((row) => ({
      id: row.id,
      name: row.name,
      is_alive: typeof row.last_heartbeat === 'number' && nowMs - row.last_heartbeat < ALIVE_MS,
      state: storageState({ free: row.storage_free_bytes, total: row.storage_total_bytes, fault: row.storage_fault }),
      free_bytes: row.storage_free_bytes,
      total_bytes: row.storage_total_bytes,
      last_fault: row.storage_last_fault ? JSON.parse(row.storage_last_fault) : null,
    })),
  };
}
