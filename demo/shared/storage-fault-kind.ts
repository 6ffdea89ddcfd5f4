// What kind of storage fault an error is — the disk full, the file system read-only, an I/O error — read
// from SQLite's result codes and Node's errno names. Both processes classify their own faults this way:
// the server answers 503 and keeps the last one for the admins' dashboard (demo/server/core/lib/storage-
// fault.ts), the terminal tells its user and reports the kind in its heartbeat (demo/terminal/storage-
// health.ts), which the server shows beside its own (demo/server/terminal/storage-state.ts).

export type StorageFaultKind = 'full' | 'read_only' | 'io';

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
