// An append-only journal of JSON lines on disk: what the terminal still has to deliver to the server.
// An entry is on disk before anything tries to send it, so a kill -9 loses nothing (the page cache keeps
// a finished write(2) whatever happens to the process); `ack(n)` records that every entry up to n was
// delivered. Lines are `{"n":<seq>,"v":<entry>}` and `{"ack":<seq>}`.
//
// Memory holds at most WINDOW unacknowledged entries: a long outage grows the file, not the process, and
// the rest is read back as the window drains. Acknowledged lines are compacted away: the file is emptied
// once everything in it is acknowledged, or rewritten from its first pending line when the acknowledged
// part is most of a large file. A last line cut short (the process killed in the middle of a write) is
// cut off at start; any other line that does not parse is skipped and logged.
//
// A disk that refuses a write (full, read-only, failing) costs neither the entry nor the process: the
// bytes a write left half done are cut off again, and the entry is held in memory, in order, with every
// later one (HELD_MAX at most), and delivered from there; each later append and each delivery round tries
// to write them to the file again, so they are on disk once space returns. A lost `ack` line only means
// the entries it covered are sent again after a restart, which the server stores once.
import {
  appendFileSync,
  chmodSync,
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';

export interface Entry<T> {
  n: number;
  value: T;
  start: number;
}

/** Where the journal says that its disk refused a write, and that one went through again (storage-health.ts). */
export interface WriteHealth {
  failed(error: unknown, what: string): unknown;
  succeeded(): void;
}

type Line<T> = { n: number; v: T } | { ack: number };

const CHUNK = 64 * 1024;
const WINDOW = 1000;
const COMPACT_AFTER_BYTES = 1024 * 1024;
/** Entries held in memory while the disk refuses them; past it a record is lost (and logged). */
const HELD_MAX = 20_000;

export class Journal<T> {
  private fd: number;
  /** The first byte the window has not read yet. */
  private readOffset = 0;
  private window: Entry<T>[] = [];
  /** The last entry number appended. */
  last = 0;
  /** Every entry up to this number is delivered. */
  acked = 0;
  private closed = false;
  /** The file's length as this journal wrote it: a write the disk cut short is cut back to here. */
  private end = 0;
  /** Entries the disk refused, in order, until it takes them (none is written to the file before them). */
  private held: { n: number; value: T }[] = [];
  private lostSinceLog = 0;

  constructor(
    readonly file: string,
    private readonly log: (line: string) => void,
    private readonly health?: WriteHealth,
  ) {
    this.fd = openSync(file, 'a+', 0o600);
    // The journal holds command lines and their output: the terminal's account only, whatever the umask was.
    chmodSync(file, 0o600);
    this.recover();
  }

  /** Writes the entry to disk (or holds it while the disk refuses it) and answers its number. */
  append(value: T): number {
    this.last += 1;
    const n = this.last;
    if (this.held.length) this.writeHeld();
    if (this.held.length) this.hold(n, value);
    else {
      try {
        this.write({ n, v: value });
      } catch (error) {
        this.health?.failed(error, 'the outbox journal');
        this.hold(n, value);
      }
    }
    return n;
  }

  /** Writes the held entries to the file, in order, as far as the disk takes them. */
  writeHeld(): void {
    while (this.held.length) {
      const entry = this.held[0];
      // Delivered from memory meanwhile: nothing to keep for a restart.
      if (entry.n > this.acked) {
        try {
          this.write({ n: entry.n, v: entry.value });
        } catch (error) {
          this.health?.failed(error, 'the outbox journal');
          return;
        }
      }
      this.held.shift();
    }
  }

  /** The oldest pending entries (at most `limit`), in the order they were appended. */
  peek(limit: number): Entry<T>[] {
    this.fill();
    // The held entries come after everything in the file: only once the window has read all of it.
    if (this.window.length >= Math.min(limit, WINDOW) || !this.held.length) return this.window.slice(0, limit);
    const held = this.held.filter((entry) => entry.n > this.acked).map((entry) => ({ ...entry, start: -1 }));
    return [...this.window, ...held].slice(0, limit);
  }

  /** Every entry up to `n` is delivered (or given up): recorded, dropped from memory, compacted away. */
  ack(n: number): void {
    if (n <= this.acked || this.closed) return;
    this.acked = n;
    while (this.window.length && this.window[0].n <= n) this.window.shift();
    while (this.held.length && this.held[0].n <= n) this.held.shift();
    try {
      this.write({ ack: n });
    } catch (error) {
      // Not on disk: after a restart these entries are sent again, and the server stores each once.
      this.health?.failed(error, 'the outbox journal');
    }
    try {
      this.compact();
    } catch (error) {
      this.health?.failed(error, 'compacting the outbox journal');
    }
  }

  /** Visits every pending entry without holding them (reads the file past the window). */
  forEachPending(visit: (value: T) => void): void {
    for (const entry of this.window) visit(entry.value);
    this.scan(this.readOffset, (line) => {
      if ('n' in line && line.n > this.acked) visit(line.v);
      return true;
    });
    for (const entry of this.held) if (entry.n > this.acked) visit(entry.value);
  }

  close(): void {
    if (this.closed) return;
    this.writeHeld();
    if (this.held.length)
      this.log(`outbox journal: ${this.held.length} record(s) the disk refused are lost with this stop`);
    this.closed = true;
    closeSync(this.fd);
  }

  private hold(n: number, value: T): void {
    if (this.held.length >= HELD_MAX) {
      // Once a minute or so, not once a record: the log is on a disk too.
      if (this.lostSinceLog++ % 1000 === 0)
        this.log(`outbox journal: ${HELD_MAX} records wait for the disk; record ${n} is lost`);
      return;
    }
    this.held.push({ n, value });
  }

  private write(line: Line<T>): void {
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
    // Something recorded after the terminal stopped sending still goes to disk, for the next start.
    if (this.closed) return appendFileSync(this.file, bytes, { mode: 0o600 });
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(this.fd, bytes, done);
    } catch (error) {
      // Half a line would swallow the next one: the file goes back to its last whole line.
      if (done) ftruncateSync(this.fd, this.end);
      throw error;
    }
    this.end += bytes.length;
    this.health?.succeeded();
  }

  /** Reads the numbering and the acknowledgements, and cuts off a last line a kill left unfinished. */
  private recover(): void {
    const total = fstatSync(this.fd).size;
    const whole = this.scan(0, (line) => {
      if ('ack' in line) this.acked = Math.max(this.acked, line.ack);
      else this.last = Math.max(this.last, line.n);
      return true;
    });
    if (whole < total) {
      this.log(`outbox journal: an unfinished last line (${total - whole} bytes) was cut off`);
      ftruncateSync(this.fd, whole);
    }
    this.end = whole;
    this.compact();
  }

  /** Reads pending entries into the window, up to WINDOW. */
  private fill(): void {
    if (this.window.length >= WINDOW) return;
    this.readOffset = this.scan(this.readOffset, (line, start) => {
      if ('n' in line && line.n > this.acked) this.window.push({ n: line.n, value: line.v, start });
      return this.window.length < WINDOW;
    });
  }

  /**
   * Calls `visit` for each whole line from `from` on, until it answers false; answers the offset after
   * the last line visited (or skipped as unreadable).
   */
  private scan(from: number, visit: (line: Line<T>, start: number) => boolean): number {
    const buffer = Buffer.alloc(CHUNK);
    let carry = Buffer.alloc(0);
    let position = from;
    let consumed = from;
    for (;;) {
      const read = readSync(this.fd, buffer, 0, CHUNK, position);
      if (read === 0) return consumed;
      position += read;
      const data = carry.length ? Buffer.concat([carry, buffer.subarray(0, read)]) : buffer.subarray(0, read);
      let lineStart = 0;
      for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10, lineStart)) {
        const start = consumed;
        consumed += newline - lineStart + 1;
        const line = parse<T>(data.subarray(lineStart, newline).toString('utf8'));
        lineStart = newline + 1;
        if (!line) this.log(`outbox journal: an unreadable line at byte ${start} was skipped`);
        else if (!visit(line, start)) return consumed;
      }
      carry = Buffer.from(data.subarray(lineStart));
    }
  }

  /** Empties the file when nothing in it is pending; rewrites it from the first pending line when most of a large file is done. */
  private compact(): void {
    this.fill();
    if (!this.window.length) {
      // Everything in the file is done (held entries are not in it): emptied, which frees its space too.
      ftruncateSync(this.fd, 0);
      this.readOffset = 0;
      this.end = 0;
      return;
    }
    const head = this.window[0].start;
    // The file's own size, not a count of what was written: a write that failed halfway still left bytes.
    const size = fstatSync(this.fd).size;
    if (head < COMPACT_AFTER_BYTES || head * 2 < size) return;
    // Copied to a new file and renamed over the old one: a kill at any point leaves one whole journal.
    const temp = `${this.file}.compact`;
    const out = openSync(temp, 'w', 0o600);
    try {
      const buffer = Buffer.alloc(CHUNK);
      for (let position = head; position < size;) {
        const read = readSync(this.fd, buffer, 0, CHUNK, position);
        if (!read) break;
        for (let done = 0; done < read;) done += writeSync(out, buffer, done, read - done);
        position += read;
      }
      fsyncSync(out);
    } catch (error) {
      // No room for the copy: the journal stays as it is, whole, and is compacted another time.
      closeSync(out);
      rmSync(temp, { force: true });
      throw error;
    }
    closeSync(out);
    renameSync(temp, this.file);
    closeSync(this.fd);
    this.fd = openSync(this.file, 'a+', 0o600);
    this.readOffset -= head;
    this.end = size - head;
    for (const entry of this.window) entry.start -= head;
  }
}

function parse<T>(text: string): Line<T> | null {
  try {
    const line = JSON.parse(text) as Line<T>;
    if (
      line &&
      typeof line === 'object' &&
      (('n' in line && Number.isInteger(line.n)) || ('ack' in line && Number.isInteger(line.ack)))
    )
      return line;
  } catch {
    /* unreadable */
  }
  return null;
}
