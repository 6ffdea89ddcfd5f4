// Failures of the server's own storage (the SQLite database, recordings, the data folder) that are not
// the request's fault: the disk is full, the file system went read-only, an I/O error. They are said as
// such — what happened and that nothing was saved — instead of a bare "server error", and they pass:
// the next write after space returns succeeds, so the server carries on by itself.

export type StorageFault = 'full' | 'read_only' | 'io';

const CODES: [RegExp, StorageFault][] = [
  [/^(SQLITE_FULL|ENOSPC|EDQUOT)$/, 'full'],
  [/^(SQLITE_READONLY.*|EROFS)$/, 'read_only'],
  [/^(SQLITE_IOERR.*|EIO)$/, 'io'],
];

/** What kind of storage failure `error` is, or null for any other error. */
export function storageFault(error: unknown): StorageFault | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  return CODES.find(([pattern]) => pattern.test(code))?.[1] ?? null;
}

let lastSaid = 0;

/**
 * A write a read does on the side (a session's age and last use): when storage fails it is skipped, so
 * the read is still answered; said on stderr at most once a minute. Any other error is thrown.
 */
export function unlessStorageFails(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (!storageFault(error)) throw error;
    if (Date.now() - lastSaid > 60_000) {
      lastSaid = Date.now();
      console.error(`[storage] a side write was skipped: ${(error as Error).message}`);
    }
  }
}
