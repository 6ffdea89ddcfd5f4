// The menu's line editing on a raw terminal: echoes printable keys, Backspace, Ctrl-U clears, Ctrl-C
// abandons the line, Ctrl-D on an empty line (or the channel closing) answers null.
export class LineReader {
  private buffer = '';
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;
  private secret = false;

  constructor(private readonly write: (text: string) => void) {}

  /** `secret`: the keys are not echoed (a password). */
  read(prompt: string, secret = false): Promise<string | null> {
    if (this.closed) return Promise.resolve(null);
    this.buffer = '';
    this.secret = secret;
    this.write(prompt);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  feed(data: string): void {
    if (!this.waiting) return; // keys typed while nothing asks are dropped, as a busy terminal would
    for (const key of data.replace(/\x1b\[[0-9;]*[@-~]|\x1b./g, '')) {
      if (!this.waiting) return;
      if (key === '\r' || key === '\n') {
        this.write('\r\n');
        this.answer(this.buffer);
      } else if (key === '\x7f' || key === '\b') {
        if (this.buffer) {
          this.buffer = [...this.buffer].slice(0, -1).join('');
          if (!this.secret) this.write('\b \b');
        }
      } else if (key === '\x15') {
        if (!this.secret) this.write('\b \b'.repeat([...this.buffer].length));
        this.buffer = '';
      } else if (key === '\x03') {
        this.write('^C\r\n');
        this.answer('');
      } else if (key === '\x04') {
        if (!this.buffer) this.answer(null);
      } else if (key >= ' ') {
        this.buffer += key;
        if (!this.secret) this.write(key);
      }
    }
  }

  close(): void {
    this.closed = true;
    this.answer(null);
  }

  private answer(line: string | null): void {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(line === null ? null : this.secret ? line : line.trim());
  }
}
