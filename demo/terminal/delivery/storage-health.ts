// The state of the terminal's data folder, where every write of its goes (in-flight notes, the outbox
// journal, recordings, transfer notes): a write the storage refuses (disk full, read-only, I/O error) is
// a fault that the door tells its user in words (`StorageRefusal`), the heartbeat reports (free space and
// the last fault, heartbeat.ts) and the log says once — not an exception that ends the process. The next
// write that goes through clears it: everything resumes by itself when space returns.
import { statfsSync } from 'node:fs';
import { storageFault, type StorageFaultKind } from '../../shared/storage-fault-kind.ts';
import { text, type Lang, type TextKey } from '../texts/texts.ts';

export type { StorageFaultKind };

export interface StorageFaultRecord {
  kind: StorageFaultKind;
  code: string;
  message: string;
  at: string;
}

/** What the heartbeat reports of the data folder (fields a 2.3 server ignores). */
export interface StorageReport {
  data_free_bytes: number | null;
  data_total_bytes: number | null;
  /** The fault in force: a write failed and none has gone through since ('' when none). */
  storage_fault: StorageFaultKind | '';
  /** The last fault met since the terminal started, even if cleared since. */
  storage_last_fault: StorageFaultRecord | null;
}

/** What a refused write meant for the user: the line, the session, the file operation. */
export type StorageConsequence = Extract<
  TextKey,
  'storage.line_not_run' | 'storage.session_not_opened' | 'storage.operation_not_done' | 'storage.recording_gap'
>;

/**
 * A write the storage refused, in the user's language: its cause ("The bastion's disk is full") and, when
 * given, what that meant ("…: the line … was not run").
 */
export class StorageRefusal extends Error {
  constructor(
    readonly kind: StorageFaultKind,
    readonly consequence?: StorageConsequence,
    cause?: unknown,
  ) {
    super(describe('en', kind, consequence), { cause });
  }

  /** The same refusal, saying what it meant this time. */
  meaning(consequence: StorageConsequence): StorageRefusal {
    return new StorageRefusal(this.kind, consequence, this.cause);
  }

  in(lang: Lang | undefined): string {
    return describe(lang, this.kind, this.consequence);
  }
}

function describe(lang: Lang | undefined, kind: StorageFaultKind, consequence: StorageConsequence | undefined): string {
  const cause = text(lang, `storage.${kind}`);
  return consequence ? text(lang, consequence, { cause }) : cause;
}

/** The words for an error at the door: a storage refusal in the user's language, anything else as it says. */
export function reasonOf(error: unknown, lang: Lang | undefined): string {
  return error instanceof StorageRefusal ? error.in(lang) : (error as Error).message;
}

export class StorageHealth {
  private current: StorageFaultKind | null = null;
  private last: StorageFaultRecord | null = null;

  constructor(
    readonly dir: string,
    private readonly log: (line: string) => void,
  ) {}

  /** The fault in force, if any. */
  get fault(): StorageFaultKind | null {
    return this.current;
  }

  /**
   * A write failed: answers the refusal to tell the user when the storage is the cause (noted, logged when
   * it starts), or null for any other error (the caller's to handle).
   */
  failed(error: unknown, what: string): StorageRefusal | null {
    const kind = storageFault(error);
    if (!kind) return null;
    const { code = '', message = '' } = error as { code?: string; message?: string };
    this.last = { kind, code, message: String(message).slice(0, 300), at: new Date().toISOString() };
    if (this.current !== kind)
      this.log(
        `storage: ${what} failed, ${text('en', `storage.${kind}`)} (${code}) in ${this.dir}; writes are retried`,
      );
    this.current = kind;
    return new StorageRefusal(kind, undefined, error);
  }

  /** A write went through: the fault (if any) is over. */
  succeeded(): void {
    if (!this.current) return;
    this.log(`storage: ${this.dir} takes writes again`);
    this.current = null;
  }

  report(): StorageReport {
    let free: number | null = null;
    let total: number | null = null;
    try {
      const stats = statfsSync(this.dir);
      free = stats.bavail * stats.bsize;
      total = stats.blocks * stats.bsize;
    } catch {
      /* a folder that cannot be read reports no figures */
    }
    return {
      data_free_bytes: free,
      data_total_bytes: total,
      storage_fault: this.current ?? '',
      storage_last_fault: this.last,
    };
  }
}
