// A command line the gate let through is noted on disk until its record (with its output, known only
// at the next prompt) is queued in the outbox: a terminal killed meanwhile sends it on its next start,
// with the output it could not read. One small file per session (note-folder.ts).
//
// The note is what lets a line run: when the disk refuses it (full, read-only, failing) `note` answers
// the refusal and the caller does not run the line (fail closed); the session goes on, and the next
// line is noted once space returns. A note that cannot be removed (a read-only disk) is recorded a
// second time at the next start: better twice than a line that ran without a record.
import type { CommandRecord } from './command-record.ts';
import { NoteFolder } from './note-folder.ts';
import type { StorageHealth, StorageRefusal } from './storage-health.ts';

export type InflightRecord = Omit<CommandRecord, 'id'>;

export class InflightNotes {
  private readonly notes: NoteFolder<InflightRecord>;

  constructor(
    readonly dir: string,
    health: StorageHealth,
  ) {
    this.notes = new NoteFolder(dir, health, 'an in-flight note');
  }

  /** Notes the line on disk: null when it is, else why it is not (the line must not run). */
  note(record: InflightRecord): StorageRefusal | null {
    return this.notes.put(record.session, record)?.meaning('storage.line_not_run') ?? null;
  }

  clear(sessionId: string): void {
    this.notes.remove(sessionId);
  }

  /** The notes an earlier run left: each is a command whose record was never queued. */
  takeLeftovers(): InflightRecord[] {
    return this.notes.takeLeftovers();
  }
}
