// A session's screen as asciicast v2: a JSON header line, then one `[seconds, "o"|"r", text]` line per
// output chunk or window change. Written to a file as it happens (a long session is not held in memory)
// and read back whole for the upload.
//
// Output arrives as bytes and is written as bytes (json-bytes.ts): a session printing tens of megabytes
// costs no string per chunk, and the batches are buffers taken from a small pool shared by every
// recorder and given back once written, so nothing it allocates lives long enough to need V8's full
// collections (measured: they were most of the terminal's garbage-collection time in bulk output).
//
// A disk that refuses a write (full, read-only, failing) does not end the session: what was not written
// is kept in memory, in order, and written where the file stopped once the disk takes it again (tried
// every RETRY_MS), so the recording stays whole. Past HELD_MAX bytes waiting, further output is left out
// and the recording says so where it resumes; `onGap` tells the session once.
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readFileSync, rmSync, write, writeSync } from 'node:fs';
import { completeUtf8, escapedMax, escapeJsonBytes } from '../delivery/json-bytes.ts';
import type { StorageHealth, StorageRefusal } from '../delivery/storage-health.ts';

/** A batch goes to the file once this large, or FLUSH_MS after its first event. */
const BATCH_BYTES = 192 * 1024;
const FLUSH_MS = 100;
const RETRY_MS = 1000;
/** Output waiting for the disk, per session, before the rest is left out. */
const HELD_MAX = 8 * 1024 * 1024;
/** Batch buffers: this large (a 32 KB chunk with its escapes fits past a full batch), at most POOL_MAX kept. */
const POOL_BUFFER = 256 * 1024;
const POOL_MAX = 16;
const pool: Buffer[] = [];

const take = (size: number) =>
  size <= POOL_BUFFER ? (pool.pop() ?? Buffer.allocUnsafeSlow(POOL_BUFFER)) : Buffer.allocUnsafeSlow(size);
const giveBack = (buffer: Buffer) => {
  if (buffer.length === POOL_BUFFER && pool.length < POOL_MAX) pool.push(buffer);
};

const EVENT_END = Buffer.from('"]\n');

export interface RecorderOptions {
  env?: Record<string, string>;
  /** Where refused writes are said and cleared (storage-health.ts). */
  health?: StorageHealth;
  /** Output had to be left out of the recording (said once per gap). */
  onGap?(refusal: StorageRefusal | null): void;
}

interface Queued {
  data: Buffer;
  backing: Buffer;
}

export class AsciicastRecorder {
  private readonly fd: number;
  private readonly started = Date.now();
  private closing = false;
  private closed: Promise<void> | null = null;
  private resolveClosed: (() => void) | null = null;
  /** The batch being filled, and how much of it is. */
  private batch: Buffer | null = null;
  private used = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The end of the last output chunk when it cut a character: kept for the next one. */
  private carry: Buffer | null = null;
  /** Batches handed to the disk, in order; the first is being written (from `offset`). */
  private queue: Queued[] = [];
  private queuedBytes = 0;
  private offset = 0;
  private writing = false;
  private retry: NodeJS.Timeout | null = null;
  /** Output left out while the disk refused too much of it, in bytes. */
  private leftOut = 0;
  private lastRefusal: StorageRefusal | null = null;
  bytes = 0;

  /** Throws when the file cannot be made with its header (the disk refuses it): nothing is left behind. */
  constructor(
    readonly file: string,
    width: number,
    height: number,
    private readonly options: RecorderOptions = {},
  ) {
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

  /**
   * Terminal output: bytes as the asset sent them (a character cut between two chunks is held until its
   * end arrives; bytes that are not UTF-8 are recorded as U+FFFD), or a message of the door's own.
   */
  output(data: Buffer | string): void {
    if (this.closing) return;
    if (typeof data === 'string') return this.event('o', data);
    let bytes = this.carry ? Buffer.concat([this.carry, data]) : data;
    this.carry = null;
    const complete = completeUtf8(bytes);
    if (complete < bytes.length) {
      this.carry = Buffer.from(bytes.subarray(complete));
      bytes = bytes.subarray(0, complete);
    }
    if (!bytes.length) return;
    if (!isUtf8(bytes)) return this.event('o', bytes.toString('utf8'));
    const head = `[${this.seconds()},"o","`;
    if (!this.room(head.length + escapedMax(bytes.length) + EVENT_END.length)) return;
    const batch = this.batch!;
    const start = this.used;
    this.used += batch.write(head, this.used, 'latin1');
    this.used = escapeJsonBytes(bytes, batch, this.used);
    this.used += EVENT_END.copy(batch, this.used);
    this.added(this.used - start);
  }

  resize(cols: number, rows: number): void {
    if (this.closing) return;
    this.event('r', `${cols}x${rows}`);
  }

  /** Whether the disk is refusing this recording's writes right now. */
  get waitingForDisk(): boolean {
    return this.retry !== null;
  }

  /** Resolves once every event is in the file (which may wait for the disk to take it). */
  close(): Promise<void> {
    this.closed ??= new Promise((resolve) => {
      if (this.carry) this.event('o', this.carry.toString('utf8'));
      this.carry = null;
      this.flush();
      this.closing = true;
      this.resolveClosed = resolve;
      this.settle();
    });
    return this.closed;
  }

  contents(): Buffer {
    return readFileSync(this.file);
  }

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

  private seconds(): string {
    return JSON.stringify(Number(((Date.now() - this.started) / 1000).toFixed(6)));
  }

  /** An event from a string (the door's messages, window changes, output that is not UTF-8). */
  private event(kind: 'o' | 'r', text: string): void {
    if (this.closing) return;
    const line = `[${this.seconds()},"${kind}",${JSON.stringify(text)}]\n`;
    const length = Buffer.byteLength(line);
    if (!this.room(length)) return;
    this.used += this.batch!.write(line, this.used, 'utf8');
    this.added(length);
  }

  /** A batch with `length` bytes free (the current one, or a new one after it is queued); false: left out. */
  private room(length: number): boolean {
    if (this.queuedBytes + this.used >= HELD_MAX) {
      // The disk has refused this much already: memory is not the place for the rest of a long session.
      const first = !this.leftOut;
      this.leftOut += length;
      if (first) this.options.onGap?.(this.lastRefusal);
      return false;
    }
    if (this.batch && this.used + length > this.batch.length) this.flush();
    this.batch ??= take(length);
    return true;
  }

  private added(length: number): void {
    this.bytes += length;
    // One file write per batch, not per chunk: bulk output arrives in thousands of small chunks a second.
    // A batch waits at most FLUSH_MS, so a terminal killed outright loses at most that much of the screen.
    if (this.used >= BATCH_BYTES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS).unref();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.batch || !this.used) return;
    this.queue.push({ data: this.batch.subarray(0, this.used), backing: this.batch });
    this.queuedBytes += this.used;
    this.batch = null;
    this.used = 0;
    this.writeNext();
  }

  /** Writes the queue in order, one write at a time; a refused write waits RETRY_MS and goes on where it stopped. */
  private writeNext(): void {
    if (this.writing || this.retry || !this.queue.length) return this.settle();
    const { data } = this.queue[0];
    this.writing = true;
    write(this.fd, data, this.offset, data.length - this.offset, null, (error, written) => {
      this.writing = false;
      if (this.closing && !this.resolveClosed) return closeSync(this.fd); // discarded meanwhile
      if (error) return this.refused(error);
      this.options.health?.succeeded();
      this.offset += written;
      if (this.offset >= data.length) {
        const done = this.queue.shift()!;
        this.queuedBytes -= done.data.length;
        this.offset = 0;
        giveBack(done.backing);
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
    const note = `\r\n[bastion: ${this.leftOut} bytes of output are missing here: ${this.lastRefusal?.in('en') ?? 'the disk refused them'}]\r\n`;
    this.leftOut = 0;
    const line = Buffer.from(`[${this.seconds()},"o",${JSON.stringify(note)}]\n`);
    this.bytes += line.length;
    this.queue.push({ data: line, backing: line });
    this.queuedBytes += line.length;
  }

  private settle(): void {
    if (!this.closing || !this.resolveClosed || this.writing || this.queue.length || this.used) return;
    const resolve = this.resolveClosed;
    this.resolveClosed = null;
    closeSync(this.fd);
    resolve();
  }
}
