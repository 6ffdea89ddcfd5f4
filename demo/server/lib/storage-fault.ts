// A write that fails because of the storage under the data folder — the disk full, the file system
// read-only, an I/O error — is not the request's fault and not a bug: it is said as such (503 with its
// cause, web/errors.ts), side writes of reads are skipped (`unlessStorageFails`), and the last one is kept
// for the admins' dashboard (dashboard/storage-status.ts). The terminal reads its own faults with the same
// classification (demo/terminal/storage-health.ts): SQLite's result codes and Node's errno names.

export type StorageFaultKind = 'full' | 'read_only' | 'io';

export interface StorageFaultSeen { kind: StorageFaultKind; code: string; message: string; at: number }

const FULL = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const READ_ONLY = new Set(['EROFS']);
const IO = new Set(['EIO', 'SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** The kind of storage fault an error is, or null for any other error. */
export function storageFault(error: unknown): StorageFaultKind | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  // SQLite's extended codes carry their family first (SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE…).
  const family = code.startsWith('SQLITE_') ? code.replace(/^(SQLITE_[A-Z]+?)(_[A-Z_]+)?$/, '$1') : code;
  if (FULL.has(code) || FULL.has(family)) return 'full';
  if (READ_ONLY.has(code) || family === 'SQLITE_READONLY') return 'read_only';
  if (IO.has(code) || family === 'SQLITE_IOERR') return 'io';
  return null;
}

let last: StorageFaultSeen | null = null;

/** Keeps the fault when `error` is one (for the dashboard); answers its kind, or null. */
export function noteStorageFault(error: unknown, now = Date.now()): StorageFaultKind | null {
  const kind = storageFault(error);
  if (kind) {
    const { code = '', message = '' } = error as { code?: string; message?: string };
    last = { kind, code, message: String(message).slice(0, 300), at: now };
  }
  return kind;
}

/** The last storage fault this process met, or null since it started. */
export function lastStorageFault(): StorageFaultSeen | null { return last; }

/**
 * Runs a write made on the side of a read (a session's last use): when the storage refuses it, the read
 * still gets its answer; any other error is thrown as before.
 */
export function unlessStorageFails(write: () => unknown): void {
  try {
    write();
  } catch (error) {
    if (!noteStorageFault(error)) throw error;
  }
}
