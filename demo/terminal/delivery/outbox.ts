// Everything a terminal owes the server about its sessions — their commands, and at their end the
// recording and the close — goes through here: written to the journal (outbox.jsonl in the data dir)
// first, then sent in the order it was recorded, and retried until the server takes it. A server that is
// away for a minute, or a terminal killed and started again, loses nothing; a retry never duplicates
// anything (commands carry their id; the close and the upload are the same whenever they are sent).
//
// Sending happens every `intervalMs` and at once when a session waits for its end to be delivered. A
// failed delivery waits 1 s, then 2, 4, 8 and 10 s at most between tries, and stops the queue there (the
// order is kept: a session is closed after its commands).
import { join } from 'node:path';
import type { Api } from './api.ts';
import { Journal, type WriteHealth } from './journal.ts';
import {
  sendCommands,
  sendEnd,
  sendFtpLog,
  type CloseBody,
  type Delivery,
  type FtpLogRecord,
  type Job,
  type SpooledCommand,
} from './outbox-jobs.ts';

/** Commands per POST (the server takes up to 5000). */
const BATCH = 100;
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 10_000;
/** How long `stop()` keeps delivering before it leaves the rest to the next start. */
const STOP_GRACE_MS = 10_000;

export const OUTBOX_FILE = 'outbox.jsonl';

export class Outbox {
  private readonly journal: Journal<Job>;
  private readonly delivery: Delivery;
  private readonly timer: NodeJS.Timeout;
  private sending: Promise<void> | null = null;
  /** The current wait between failed tries (0: the last try went through). */
  private backoffMs = 0;
  private retryAt = 0;
  private failures = 0;
  private deadline = Infinity;
  private waiters: { n: number; resolve: (delivered: boolean) => void }[] = [];
  /** Sessions whose end is queued, so a restart does not close them a second time. */
  private readonly ending = new Set<string>();
  /** Stopped: records still go to the journal (for the next start), nothing is sent. */
  private closed = false;

  constructor(
    api: Api,
    dataDir: string,
    private readonly log: (line: string) => void,
    intervalMs = 1000,
    health?: WriteHealth,
  ) {
    this.journal = new Journal<Job>(join(dataDir, OUTBOX_FILE), log, health);
    this.journal.forEachPending((job) => {
      if (job.kind === 'end') this.ending.add(job.session);
    });
    this.delivery = { api, log, replayed: new Set(), done: (n) => this.done(n) };
    this.timer = setInterval(() => void this.pump(), intervalMs);
    this.timer.unref();
    // What an earlier run left undelivered goes first.
    if (this.journal.last > this.journal.acked) void this.pump();
  }

  command(record: SpooledCommand): void {
    const n = this.append({ kind: 'command', record });
    if (n - this.journal.acked >= BATCH) void this.pump();
  }

  /** Recordings the server keeps in an object store go to this queue (recordings/store-queue.ts). */
  useObjectStore(queue: { add(session: string, file: string): void }): void {
    this.delivery.objectStore = queue;
  }

  /** Queues one FTP log row (an SFTP or web file operation); sent with the next round, as commands are. */
  ftpLog(record: FtpLogRecord): void {
    this.append({ kind: 'ftp', record });
  }

  /** Queues a session's end: its recording (when `file` is given) and the close (when `close` is); answers its entry. */
  end(session: string, file: string | null, close: CloseBody | null): number {
    this.ending.add(session);
    return this.append({ kind: 'end', session, file, close });
  }

  /** Whether this session's end is queued (from this run or an earlier one). */
  isEnding(session: string): boolean {
    return this.ending.has(session);
  }

  /**
   * Tries now to deliver everything up to entry `n` (default: all queued); resolves true once the server
   * took it, false as soon as a try fails (it stays queued and is retried in the background).
   */
  flush(n = this.journal.last): Promise<boolean> {
    if (this.journal.acked >= n) return Promise.resolve(true);
    if (this.backoffMs || this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.waiters.push({ n, resolve });
      void this.pump(true);
    });
  }

  /** Delivers what it can for a few seconds more, then keeps the rest on disk for the next start. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.deadline = Date.now() + STOP_GRACE_MS;
    await this.sending;
    await this.pump(true);
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
    const left = this.journal.last - this.journal.acked;
    if (left) this.log(`${left} record(s) not delivered yet: kept in ${this.journal.file} for the next start`);
    this.closed = true;
    this.journal.close();
  }

  /** Records the disk refused wait in memory (journal.ts); anything else unexpected costs this record, loudly, not the session that made it. */
  private append(job: Job): number {
    try {
      return this.journal.append(job);
    } catch (error) {
      const of =
        job.kind === 'end'
          ? `of session ${job.session}`
          : job.kind === 'command'
            ? `of session ${job.record.session}`
            : `(${job.record.operate} ${job.record.filename})`;
      this.log(`could not journal a ${job.kind} record ${of}, lost: ${(error as Error).message}`);
      return this.journal.acked;
    }
  }

  private pump(now = false): Promise<void> {
    if (this.sending) return this.sending;
    if (this.closed || (!now && Date.now() < this.retryAt)) return Promise.resolve();
    // An unexpected fault (the disk) is one more failed try, not a crash of every session.
    this.sending = this.run()
      .catch((error: Error) => this.failed(error.message))
      .finally(() => {
        this.sending = null;
        // A flush that arrived while the last round was finishing.
        if (this.waiters.length && !this.backoffMs && Date.now() <= this.deadline) void this.pump(true);
      });
    return this.sending;
  }

  private async run(): Promise<void> {
    // What the disk refused earlier goes to the file first, now that it may take it.
    this.journal.writeHeld();
    for (;;) {
      if (Date.now() > this.deadline) return;
      const head = this.journal.peek(BATCH);
      if (!head.length) return;
      const commands = head.findIndex((entry) => entry.value.kind !== 'command');
      const first = head[0].value.kind;
      const retry =
        first === 'end'
          ? await sendEnd(this.delivery, head[0])
          : first === 'ftp'
            ? await sendFtpLog(this.delivery, head[0])
            : await sendCommands(this.delivery, commands < 0 ? head : head.slice(0, commands));
      if (retry !== null) return this.failed(retry);
      if (this.failures) this.log(`the server takes records again (after ${this.failures} failed tries)`);
      this.failures = 0;
      this.backoffMs = 0;
      this.retryAt = 0;
    }
  }

  private failed(reason: string): void {
    this.failures += 1;
    this.backoffMs = Math.min(Math.max(this.backoffMs * 2, FIRST_RETRY_MS), LAST_RETRY_MS);
    this.retryAt = Date.now() + this.backoffMs;
    // Once when it starts, then about once a minute: a long outage does not flood the log.
    if (this.failures % 7 === 1)
      this.log(`${this.journal.last - this.journal.acked} record(s) not delivered yet, retrying: ${reason}`);
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  private done(n: number): void {
    for (const entry of this.journal.peek(BATCH)) {
      if (entry.n > n) break;
      if (entry.value.kind === 'end') this.ending.delete(entry.value.session);
    }
    this.journal.ack(n);
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.n > n) return true;
      waiter.resolve(true);
      return false;
    });
  }
}
