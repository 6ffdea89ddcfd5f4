// A command line the gate let through is noted on disk until its record (with its output, known only
// at the next prompt) is queued in the outbox: a terminal killed meanwhile sends it on its next start,
// with the output it could not read. One small file per session, replaced atomically.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandRecord } from './command-record.ts';

export type InflightRecord = Omit<CommandRecord, 'id'>;

export class InflightNotes {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  private file(sessionId: string): string { return join(this.dir, `${sessionId}.json`); }

  note(record: InflightRecord): void {
    const file = this.file(record.session);
    writeFileSync(`${file}.tmp`, JSON.stringify(record), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }

  clear(sessionId: string): void {
    rmSync(this.file(sessionId), { force: true });
  }

  /** The notes an earlier run left: each is a command whose record was never queued. */
  takeLeftovers(): InflightRecord[] {
    const records: InflightRecord[] = [];
    for (const name of readdirSync(this.dir)) {
      const file = join(this.dir, name);
      if (name.endsWith('.json')) {
        try {
          records.push(JSON.parse(readFileSync(file, 'utf8')) as InflightRecord);
        } catch {
          // A note cut by the kill itself: the line it held is in the recording.
        }
      }
      rmSync(file, { force: true });
    }
    return records;
  }
}
