// A session's screen as asciicast v2: a JSON header line, then one `[seconds, "o"|"r", text]` line per
// output chunk or window change. Written to a file as it happens (a long session is not held in memory)
// and read back whole for the upload.
//
// A disk that refuses a write (full, read-only, failing) does not end the session: what was not written
// is kept in memory, in order, and written where the file stopped once the disk takes it again (tried
// every RETRY_MS), so the recording stays whole. Past HELD_MAX bytes waiting, further output is left out
// and the recording says so where it resumes; `onGap` tells the session once.
import { closeSync, openSync, readFileSync, rmSync, write, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { StorageHealth, StorageRefusal } from './storage-health.ts';

const BATCH_CHARS = 64 * 1024;
const FLUSH_MS = 100;
const RETRY_MS = 1000;
/** Output waiting for the disk, per session, before the rest is left out. */
const HELD_MAX = 8 * 1024 * 1024;

export interface RecorderOptions {
  env?: Record<string, string>;
  /** Where refused writes are said and cleared (storage-health.ts). */
  health?: StorageHealth;
  /** Output had to be left out of the recording (said once per gap). */
  onGap?(refusal: StorageRefusal | null): void;
}

export class AsciicastRecorder {
  private readonly fd: number;
  private readonly started = Date.now();
  private readonly decoder = new StringDecoder('utf8');
  private closing = false;
  private closed: Promise<void> | null = null;
  private resolveClosed: (() => void) | null = null;
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  /** Batches handed to the disk, in order; the first is being written (from `offset`). */
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private offset = 0;
  private writing = false;
  private retry: NodeJS.Timeout | null = null;
  /** Output left out while the disk refused too much of it, in characters. */
  private leftOut = 0;
  private lastRefusal: StorageRefusal | null = null;
  bytes = 0;

  /** Throws when the file cannot be made with its header (the disk refuses it): nothing is left behind. */
  constructor(readonly file: string, width: number, height: number, private readonly options: RecorderOptions = {}) {
    // The header is on disk before the session's first byte: a terminal killed at any moment leaves a
    // recording the server accepts (events are written in batches after it).
    const header = `${JSON.stringify({ version: 2, width, height, timestamp: Math.floor(this.started / 1000), env: { TERM: 'xterm', SHELL: '/bin/bash', ...options.env } })}\n`;
    let fd = -1;
    try {
      fd = openSync(file, 'w', 0o600);
      writeSync(fd, header);
    } catch (error) {
      if (fd >= 0) closeSync(fd);
      // No empty or half-headed recording stays behind for a session that does not open.
      rmSync(file, { force: true });
      throw options.health?.failed(error, 'a recording')?.meaning('storage.session_not_opened') ?? error;
    }
    this.fd = fd;
    this.bytes = header.length;
  }

  /** Terminal output; a UTF-8 character split across chunks is held until its end arrives. */
  output(data: Buffer | string): void {
    const text = typeof data === 'string' ? data : this.decoder.write(data);
    if (text) this.event('o', text);
  }

  resize(cols: number, rows: number): void {
    this.event('r', `${cols}x${rows}`);
  }

  /** Whether the disk is refusing this recording's writes right now. */
  get waitingForDisk(): boolean { return this.retry !== null; }

  /** Resolves once every event is in the file (which may wait for the disk to take it). */
  close(): Promise<void> {
    this.closed ??= new Promise((resolve) => {
      const rest = this.decoder.end();
      if (rest) this.event('o', rest);
      this.flush();
      this.closing = true;
      this.resolveClosed = resolve;
      this.settle();
    });
    return this.closed;
  }

  contents(): Buffer { return readFileSync(this.file); }

  /** The recording of a session that did not open: the file goes, and nothing more is written. */
  discard(): void {
    this.closing = true;
    this.queue = [];
    if (this.retry) clearTimeout(this.retry);
    if (this.timer) clearTimeout(this.timer);
    this.retry = null;
    if (!this.writing) closeSync(this.fd);
    rmSync(this.file, { force: true });
  }

  private event(kind: 'o' | 'r', text: string): void {
    if (this.closing) return;
    this.line([Number(((Date.now() - this.started) / 1000).toFixed(6)), kind, text]);
  }

  private line(value: unknown): void {
    const text = `${JSON.stringify(value)}\n`;
    if (this.queuedBytes + this.pending.length >= HELD_MAX) {
      // The disk has refused this much already: memory is not the place for the rest of a long session.
      const first = !this.leftOut;
      this.leftOut += text.length;
      if (first) this.options.onGap?.(this.lastRefusal);
      return;
    }
    this.bytes += text.length;
    // One file write per batch, not per chunk: bulk output arrives in thousands of small chunks a second.
    // A batch waits at most FLUSH_MS, so a terminal killed outright loses at most that much of the screen.
    this.pending += text;
    if (this.pending.length >= BATCH_CHARS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    const batch = Buffer.from(this.pending);
    this.pending = '';
    this.queue.push(batch);
    this.queuedBytes += batch.length;
    this.writeNext();
  }

  /** Writes the queue in order, one write at a time; a refused write waits RETRY_MS and goes on where it stopped. */
  private writeNext(): void {
    if (this.writing || this.retry || !this.queue.length) return this.settle();
    const batch = this.queue[0];
    this.writing = true;
    write(this.fd, batch, this.offset, batch.length - this.offset, null, (error, written) => {
      this.writing = false;
      if (this.closing && !this.resolveClosed) return closeSync(this.fd); // discarded meanwhile
      if (error) return this.refused(error);
      this.options.health?.succeeded();
      this.offset += written;
      if (this.offset >= batch.length) {
        this.queue.shift();
        this.queuedBytes -= batch.length;
        this.offset = 0;
      }
      if (this.leftOut && !this.queue.length) this.noteGap();
      this.writeNext();
    });
  }

  private refused(error: Error): void {
    const refusal = this.options.health?.failed(error, 'a recording') ?? null;
    // Not a storage fault (the file gone, a bug): the rest cannot be written either; said, not retried forever.
    if (!refusal) {
      console.error(`[terminal] recording ${this.file}: ${error.message}; the rest of it is lost`);
      this.queue = [];
      this.queuedBytes = 0;
      this.offset = 0;
      return this.settle();
    }
    this.lastRefusal = refusal;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.writeNext();
    }, RETRY_MS);
    this.retry.unref();
  }

  /** The disk takes writes again after output was left out: the recording says where and how much. */
  private noteGap(): void {
    const seconds = Number(((Date.now() - this.started) / 1000).toFixed(6));
    const note = `\r\n[bastion: ${this.leftOut} characters of output are missing here: ${this.lastRefusal?.in('en') ?? 'the disk refused them'}]\r\n`;
    this.leftOut = 0;
    const text = `${JSON.stringify([seconds, 'o', note])}\n`;
    this.bytes += text.length;
    this.queue.push(Buffer.from(text));
    this.queuedBytes += text.length;
  }

  private settle(): void {
    if (!this.closing || !this.resolveClosed || this.writing || this.queue.length || this.pending) return;
    const resolve = this.resolveClosed;
    this.resolveClosed = null;
    closeSync(this.fd);
    resolve();
  }
}
