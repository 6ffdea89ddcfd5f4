// Recordings on their way to an object store, through a journal of their own (`store.jsonl` in the data
// dir, the outbox's Journal): a session's end puts its recording here (outbox-jobs.ts), and the recording
// file stays in replays/ until the store holds it and the server has been told where. A store that is
// down or refuses the key, or a terminal killed with -9, delays it and loses nothing: the job is retried
// (1, 2, 4 … 30 s apart) until it is stored, and stored once (object-upload.ts). Kept apart from the
// outbox so that a store's outage never holds up the commands and closes the server takes meanwhile.
//
// What it is doing is reported by every heartbeat (`replay_store`: how many wait, the first of them, the
// last failure and since when), so an outage shows on the Terminals page and in a session's detail.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describeStoreError } from '../../shared/replay-object.ts';
import type { Api } from '../delivery/api.ts';
import { verdictOf } from '../delivery/delivery-verdict.ts';
import { Journal } from '../delivery/journal.ts';
import { storeRecording, type ReplayTarget } from './object-upload.ts';

export const STORE_JOURNAL = 'store.jsonl';

export interface StoreJob {
  session: string;
  file: string;
}

export interface StoreStatus {
  pending: number;
  sessions: string[];
  error: string;
  since: number | null;
}

const FIRST_RETRY_MS = 1000;
const STOP_GRACE_MS = 10_000;
const LAST_RETRY_MS = 30_000;
/** Sessions named in a heartbeat (the rest is a count). */
const NAMED = 100;

const sessionPath = (session: string) => `/api/v1/terminal/sessions/${encodeURIComponent(session)}/replay/`;

export class StoreQueue {
  private readonly journal: Journal<StoreJob>;
  private readonly waiting = new Set<string>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private backoffMs = 0;
  private error = '';
  private since: number | null = null;
  private failures = 0;
  private closed = false;
  private readonly abort = new AbortController();

  /**
   * `toServer(session, file)`: the server's own upload (replay/), for a recording the server now says it
   * keeps itself; answers null once taken, else why it has to wait.
   */
  constructor(
    private readonly api: Api,
    dataDir: string,
    private readonly log: (line: string) => void,
    private readonly toServer: (session: string, file: string) => Promise<string | null>,
  ) {
    this.journal = new Journal<StoreJob>(join(dataDir, STORE_JOURNAL), log);
    this.journal.forEachPending((job) => this.waiting.add(job.session));
    // What an earlier run left goes first.
    if (this.waiting.size) this.kick();
  }

  /** Queues a session's recording for its object store (on disk before this returns). */
  add(session: string, file: string): void {
    this.journal.append({ session, file });
    this.waiting.add(session);
    this.kick();
  }

  /** Whether this session's recording is queued here (leftovers.ts does not queue it again). */
  holds(session: string): boolean {
    return this.waiting.has(session);
  }

  status(): StoreStatus {
    const pending = this.journal.last - this.journal.acked;
    return {
      pending,
      sessions: pending ? this.journal.peek(NAMED).map((entry) => entry.value.session) : [],
      error: this.error,
      since: this.since,
    };
  }

  /** Resolves once every queued recording is stored (tests and the bench), or false after `ms`. */
  async drained(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (this.journal.last > this.journal.acked) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  }

  /**
   * Stops after a few seconds more for a store that works (none for one that fails): an upload still in
   * flight then is abandoned, its job kept for the next start.
   */
  async stop(): Promise<void> {
    if (!this.error) await this.drained(STOP_GRACE_MS);
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
    const left = this.journal.last - this.journal.acked;
    if (left)
      this.log(`${left} recording(s) not in their object store yet: kept in ${this.journal.file} for the next start`);
    this.journal.close();
  }

  private kick(): void {
    if (this.running || this.closed || this.timer) return;
    this.running = this.run().finally(() => {
      this.running = null;
    });
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const [entry] = this.journal.peek(1);
      if (!entry) return;
      const retry = await this.deliver(entry.value).catch((error: Error) => describeStoreError(error));
      if (this.closed) return;
      if (retry !== null) return this.failed(retry);
      if (this.failures) this.log(`object store takes recordings again (after ${this.failures} failed tries)`);
      this.failures = 0;
      this.backoffMs = 0;
      this.error = '';
      this.since = null;
      this.journal.ack(entry.n);
      if (!this.journal.peek(NAMED).some((next) => next.value.session === entry.value.session))
        this.waiting.delete(entry.value.session);
    }
  }

  private failed(reason: string): void {
    this.failures += 1;
    this.error = reason;
    this.since ??= Date.now();
    this.backoffMs = Math.min(Math.max(this.backoffMs * 2, FIRST_RETRY_MS), LAST_RETRY_MS);
    // Once when it starts, then now and then: a long outage does not flood the log.
    if (this.failures % 10 === 1)
      this.log(
        `${this.journal.last - this.journal.acked} recording(s) waiting for their object store, retrying: ${reason}`,
      );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, this.backoffMs);
    this.timer.unref();
  }

  /** One job; null when it is done (stored, or given up and kept as `.refused`), else why to try again. */
  private async deliver({ session, file }: StoreJob): Promise<string | null> {
    // Stored and reported by an earlier try (a job journaled twice around a kill): nothing left to do.
    if (!existsSync(file)) return null;
    let target: ReplayTarget;
    try {
      target = await this.api.get<ReplayTarget>(`${sessionPath(session)}target/`);
    } catch (error) {
      if ((await verdictOf(error, this.api)) === 'retry') return (error as Error).message;
      return this.refuse(session, file, (error as Error).message);
    }
    if (target.type === 'null') {
      rmSync(file, { force: true });
      this.log(`recording of ${session} not kept: its replay storage ${target.storage} is Null`);
      return null;
    }
    if (!target.key) return this.toServer(session, file);
    const started = Date.now();
    const outcome = await storeRecording(file, target, this.abort.signal);
    if (!outcome.stored) return this.refuse(session, file, outcome.conflict);
    try {
      await this.api.post(`${sessionPath(session)}object/`, { sha256: outcome.sha256, size: outcome.size });
    } catch (error) {
      if ((await verdictOf(error, this.api)) === 'retry') return (error as Error).message;
      return this.refuse(session, file, (error as Error).message);
    }
    rmSync(file, { force: true });
    this.log(
      `recording of ${session} stored in ${target.storage} as ${target.key}: ${(outcome.size / 1048576).toFixed(1)} MiB gzip in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return null;
  }

  private refuse(session: string, file: string, reason: string): null {
    renameSync(file, `${file}.refused`);
    this.log(`recording of ${session} refused (kept in ${file}.refused): ${reason}`);
    return null;
  }
}
