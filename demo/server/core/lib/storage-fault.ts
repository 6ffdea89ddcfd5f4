// A write that fails because of the storage under the data folder — the disk full, the file system
// read-only, an I/O error — is not the request's fault and not a bug: it is said as such (503 with its
// cause, web/errors.ts), side writes of reads are skipped (`unlessStorageFails`), and the last one is kept
// for the admins' dashboard (dashboard/storage-status.ts). Which errors are storage faults, and of what
// kind, is shared with the terminal, which reads its own the same way (demo/shared/storage-fault-kind.ts).
import { storageFault, type StorageFaultKind } from '../../../shared/storage-fault-kind.ts';

export interface StorageFaultSeen { kind: StorageFaultKind; code: string; message: string; at: number }

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
