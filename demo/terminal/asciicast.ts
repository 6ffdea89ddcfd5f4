// A session's screen as asciicast v2: a JSON header line, then one `[seconds, "o"|"r", text]` line per
// output chunk or window change. Written to a file as it happens (a long session is not held in memory)
// and read back whole for the upload.
import { createWriteStream, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export class AsciicastRecorder {
  private readonly out: WriteStream;
  private readonly started = Date.now();
  private readonly decoder = new StringDecoder('utf8');
  private closed: Promise<void> | null = null;
  bytes = 0;

  constructor(readonly file: string, width: number, height: number, env: Record<string, string> = {}) {
    this.out = createWriteStream(file, { mode: 0o600 });
    this.line({ version: 2, width, height, timestamp: Math.floor(this.started / 1000), env: { TERM: 'xterm', SHELL: '/bin/bash', ...env } });
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
    this.out.write(text);
  }
}
