// The state of a data folder — a terminal's, from its heartbeat, or the server's own — as the Terminals
// page and the dashboard show it: the fault in force when one is (the last write failed: full, read-only,
// I/O), else from the free space (no room left is full even before a write has failed; under LOW_SHARE
// is low), else ok, or unknown when nothing was reported.
import { statfsSync } from 'node:fs';
import { L } from '../engine/field-kit.ts';
import type { Choice } from '../engine/types.ts';
import { lastStorageFault, type StorageFaultSeen } from '../core/lib/storage-fault.ts';

export type StorageState = 'ok' | 'low' | 'full' | 'read_only' | 'io' | 'unknown';

/** Less free than this share of the disk is shown as low. */
const LOW_SHARE = 0.05;
/** Less free than this is full: no journal, note or recording has room left. */
const FULL_BYTES = 1024 * 1024;

export const STORAGE_STATE_CHOICES: Choice[] = [
  { value: 'ok', label: L('正常', 'OK') },
  { value: 'low', label: L('空间不足', 'Low on space') },
  { value: 'full', label: L('磁盘已满', 'Disk full') },
  { value: 'read_only', label: L('存储只读', 'Read-only') },
  { value: 'io', label: L('读写出错', 'I/O errors') },
  { value: 'unknown', label: L('未知', 'Unknown') },
];

export interface StorageFigures {
  free: number | null;
  total: number | null;
  fault: string;
}

export function storageState({ free, total, fault }: StorageFigures): StorageState {
  if (fault === 'full' || fault === 'read_only' || fault === 'io') return fault;
  if (free === null || total === null || total <= 0) return 'unknown';
  if (free < FULL_BYTES) return 'full';
  return free / total < LOW_SHARE ? 'low' : 'ok';
}

/** The fault a last write met is in force while the disk has not taken a write since: within this long of it. */
const FAULT_FRESH_MS = 60_000;

export interface DataFolderStatus {
  state: StorageState;
  free_bytes: number | null;
  total_bytes: number | null;
  last_fault: { kind: string; code: string; message: string; at: string } | null;
}

/** The server's own data folder: statfs now, and the last storage fault this process met. */
export function serverDataFolder(dir: string, nowMs: number): DataFolderStatus {
  let free: number | null = null;
  let total: number | null = null;
  try {
    const stats = statfsSync(dir);
    free = stats.bavail * stats.bsize;
    total = stats.blocks * stats.bsize;
  } catch {
    /* a folder that cannot be read shows unknown */
  }
  const seen: StorageFaultSeen | null = lastStorageFault();
  const fresh = seen && nowMs - seen.at < FAULT_FRESH_MS ? seen.kind : '';
  return {
    state: storageState({ free, total, fault: fresh }),
    free_bytes: free,
    total_bytes: total,
    last_fault: seen
      ? { kind: seen.kind, code: seen.code, message: seen.message, at: new Date(seen.at).toISOString() }
      : null,
  };
}
