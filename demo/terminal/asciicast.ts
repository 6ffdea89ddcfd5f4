// A session's screen as asciicast v2: a JSON header line, then one `[seconds, "o"|"r", text]` line per
// output chunk or window change. Written to a file as it happens (a long session is not held in memory)
// and read back whole for the upload.
import { createWriteStream, openSync, readFileSync, rmSync, writeSync, type WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const BATCH_CHARS = 64 * 1024;
const FLUSH_MS = 100;

export class AsciicastRecorder {
  private readonly out: WriteStream;
  private readonly started = Date.now();
  private readonly decoder = new StringDecoder('utf8');
  private closed: Promise<void> | null = null;
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  bytes = 0;

  constructor(readonly file: string, width: number, height: number, env: Record<string, string> = {}) {
    // The header is on disk before the session's first byte: a terminal killed at any moment leaves a
    // recording the server accepts (events are written in batches after it).
    const fd = openSync(file, 'w', 0o600);
    const header = `${JSON.stringify({ version: 2, width, height, timestamp: Math.floor(this.started / 1000), env: { TERM: 'xterm', SHELL: '/bin/bash', ...env } })}\n`;
    writeSync(fd, header);
    this.bytes = header.length;
    this.out = createWriteStream('', { fd });
  }

  /** Terminal output; a UTF-8 character split across chunks is held until its end arrives. */
  output(data: Buffer | string): void {
    const text = typeof data === 'string' ? data : this.decoder.write(data);
    if (text) this.event('o', text);
  }

  resize(cols: number, rows: number): void {
    this.event('r', `${cols}x${rows}`);
  }

  /** Flushes the file; the recording is then complete. */
  close(): Promise<void> {
    this.closed ??= new Promise((resolve) => {
      const rest = this.decoder.end();
      if (rest) this.event('o', rest);
      this.flush();
      this.out.end(resolve);
    });
    return this.closed;
  }

  contents(): Buffer { return readFileSync(this.file); }

  remove(): void { rmSync(this.file, { force: true }); }

  private event(kind: 'o' | 'r', text: string): void {
    if (this.closed) return;
    this.line([Number(((Date.now() - this.started) / 1000).toFixed(6)), kind, text]);
  }

  private line(value: unknown): void {
    const text = `${JSON.stringify(value)}\n`;
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
    if (this.pending) this.out.write(this.pending);
    this.pending = '';
  }
}
