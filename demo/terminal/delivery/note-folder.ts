// A folder of small JSON notes, one file per key, each replaced atomically: what a running terminal must
// find again after a kill -9 (a line let through and not recorded yet: inflight.ts; a file transfer not
// finished yet: files/transfer.ts). A note the disk refuses is answered as the storage's refusal, for the
// caller to refuse what the note was for (fail closed); a note left by an earlier run is read at start.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StorageHealth, StorageRefusal } from './storage-health.ts';

export class NoteFolder<T> {
  constructor(
    readonly dir: string,
    private readonly health: StorageHealth,
    private readonly what: string,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  private file(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** Writes the note: null when it is on disk, else the storage's refusal (any other error is thrown). */
  put(key: string, value: T): StorageRefusal | null {
    const file = this.file(key);
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(value), { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      rmSync(`${file}.tmp`, { force: true });
      const refusal = this.health.failed(error, this.what);
      if (!refusal) throw error;
      return refusal;
    }
    this.health.succeeded();
    return null;
  }

  /** Removes the note; one the disk keeps (read-only) is found again at the next start. */
  remove(key: string): void {
    try {
      rmSync(this.file(key), { force: true });
    } catch (error) {
      if (!this.health.failed(error, `removing ${this.what}`)) throw error;
    }
  }

  /** The notes an earlier run left, removed as they are read. */
  takeLeftovers(): T[] {
    const values: T[] = [];
    for (const name of readdirSync(this.dir)) {
      const file = join(this.dir, name);
      if (name.endsWith('.json')) {
        try {
          values.push(JSON.parse(readFileSync(file, 'utf8')) as T);
        } catch {
          // A note cut by the kill itself: what it was for is in the recording or the asset's file.
        }
      }
      rmSync(file, { force: true });
    }
    return values;
  }
}
