// The line editor of a database session. Here the door itself reads the user's lines (there is no shell
// on the other side to echo and edit them), so the statement recorded is, by construction, the one sent.
// It knows the keys every line editor agrees on: typing, pastes (bracketed or not: a line break in a paste
// ends a line as Enter does), Backspace, Delete, the arrows, Home/End, Ctrl-A/E/B/F, Ctrl-U/K/W, history on
// Up/Down, Ctrl-L, Ctrl-C (interrupt) and Ctrl-D (end, on an empty line). Other escape sequences are read
// whole and ignored, so they never become text. A line wider than the window wraps; each edit redraws the
// line from its first row.
import { widthOf } from '../texts/text-width.ts';

export interface EditorEvents {
  write(text: string): void;
  line(text: string): void;
  interrupt(): void;
  eof(): void;
}

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
const HISTORY = 500;

/** Shown width of the line's text: a tab is drawn as one blank. */
const shown = (chars: string[]) => chars.join('').replace(/\t/g, ' ');

export class LineEditor {
  private chars: string[] = [];
  private cursor = 0;
  private prompt = '';
  private reading = false;
  /** Row of the cursor, counted from the prompt's row, after the last draw. */
  private cursorRow = 0;
  private pending = '';
  private pasting = false;
  private lastWasCR = false;
  private readonly history: string[] = [];
  private historyAt = 0;
  private draft: string[] = [];
  /** Columns the prompt and the whole line take: kept as characters are added at the end (a paste of
   * 64 KB must not measure the line again for every character). */
  private endColumn = 0;
  /** Echo gathered during one read of keys, written at once: a paste is one write, not one per character. */
  private echo = '';

  constructor(
    private readonly events: EditorEvents,
    private cols: number,
  ) {}

  private write(text: string): void {
    this.echo += text;
  }

  private flush(): void {
    if (!this.echo) return;
    const text = this.echo;
    this.echo = '';
    this.events.write(text);
  }

  resize(cols: number): void {
    this.cols = Math.max(10, cols);
  }

  /** Shows the prompt and starts reading a line. */
  read(prompt: string): void {
    this.prompt = prompt;
    this.chars = [];
    this.cursor = 0;
    this.cursorRow = 0;
    this.reading = true;
    this.historyAt = this.history.length;
    this.endColumn = this.columnOf(0);
    this.write(prompt);
    this.flush();
    // Keys that came while the last statement ran are this line's first keys.
    if (this.pending)
      queueMicrotask(() => {
        if (this.reading) this.feed('');
      });
  }

  /** Whether a line is being read (else a statement runs, and keys wait for the next read). */
  get isReading(): boolean {
    return this.reading;
  }

  feed(data: string): void {
    try {
      this.read_(data);
    } finally {
      this.flush();
    }
  }

  private read_(data: string): void {
    const text = this.pending + data;
    this.pending = '';
    let i = 0;
    while (i < text.length) {
      if (!this.reading) {
        // Keys typed while a statement runs wait for the next prompt, in order.
        this.pending = text.slice(i);
        return;
      }
      if (this.pasting) {
        const endAt = text.indexOf(PASTE_END, i);
        const chunk = text.slice(i, endAt < 0 ? text.length : endAt);
        // A paste's end marker cut between two reads: the part that could be it waits for the rest.
        const keep = endAt < 0 ? partialSuffix(chunk, PASTE_END) : 0;
        const consumed = this.pasteText(chunk.slice(0, chunk.length - keep));
        i += consumed;
        if (consumed < chunk.length - keep) continue; // a line ended inside the paste: the next read goes on
        if (endAt < 0) {
          this.pending = chunk.slice(chunk.length - keep);
          return;
        }
        this.pasting = false;
        i = endAt + PASTE_END.length;
        continue;
      }
      const char = text[i];
      if (char === '\x1b') {
        const length = escapeLength(text, i);
        if (length === 0) {
          this.pending = text.slice(i);
          return;
        }
        this.escape(text.slice(i, i + length));
        i += length;
        continue;
      }
      i += 1;
      this.key(char);
    }
  }

  /** Text of a paste up to and including its first line break (which ends the line); returns what it used. */
  private pasteText(chunk: string): number {
    for (let i = 0; i < chunk.length; i++) {
      const char = chunk[i];
      if (char === '\r' || char === '\n') {
        const skip = char === '\r' && chunk[i + 1] === '\n' ? 1 : 0;
        this.enter();
        return i + 1 + skip;
      }
      if (char >= ' ' || char === '\t') this.insert(char);
    }
    return chunk.length;
  }

  private key(char: string): void {
    const afterCR = this.lastWasCR;
    this.lastWasCR = char === '\r';
    switch (char) {
      case '\r':
        return this.enter();
      case '\n':
        if (!afterCR) this.enter();
        return;
      case '\x7f':
      case '\b':
        return this.backspace();
      case '\x01':
        return this.moveTo(0);
      case '\x05':
        return this.moveTo(this.chars.length);
      case '\x02':
        return this.moveTo(this.cursor - 1);
      case '\x06':
        return this.moveTo(this.cursor + 1);
      case '\x15':
        return this.edit(() => {
          this.chars.splice(0, this.cursor);
          this.cursor = 0;
        });
      case '\x0b':
        return this.edit(() => {
          this.chars.splice(this.cursor);
        });
      case '\x17':
        return this.deleteWordBack();
      case '\x10':
        return this.recall(-1);
      case '\x0e':
        return this.recall(1);
      case '\x0c':
        this.write('\x1b[H\x1b[2J');
        this.cursorRow = 0;
        return this.draw();
      case '\x03':
        this.write('^C\r\n');
        this.flush();
        this.reading = false;
        return this.events.interrupt();
      case '\x04':
        if (!this.chars.length) {
          this.write('\r\n');
          this.flush();
          this.reading = false;
          return this.events.eof();
        }
        return this.deleteAt();
      default:
        if (char >= ' ' || char === '\t') this.insert(char);
    }
  }

  private escape(sequence: string): void {
    this.lastWasCR = false;
    if (sequence === PASTE_START) {
      this.pasting = true;
      return;
    }
    const final = sequence[sequence.length - 1];
    const csi = sequence.startsWith('\x1b[') || sequence.startsWith('\x1bO');
    if (!csi) return; // Alt-keys and the like: nothing here
    if (final === 'A') return this.recall(-1);
    if (final === 'B') return this.recall(1);
    if (final === 'C') return this.moveTo(this.cursor + 1);
    if (final === 'D') return this.moveTo(this.cursor - 1);
    if (final === 'H' || sequence === '\x1b[1~' || sequence === '\x1b[7~') return this.moveTo(0);
    if (final === 'F' || sequence === '\x1b[4~' || sequence === '\x1b[8~') return this.moveTo(this.chars.length);
    if (sequence === '\x1b[3~') return this.deleteAt();
  }

  private enter(): void {
    const line = this.chars.join('');
    this.moveTo(this.chars.length);
    this.write('\r\n');
    this.flush();
    this.reading = false;
    if (line.trim() && this.history[this.history.length - 1] !== line) {
      this.history.push(line);
      if (this.history.length > HISTORY) this.history.shift();
    }
    this.events.line(line);
  }

  private insert(char: string): void {
    if (this.cursor === this.chars.length) {
      // Typing at the end, the common case (and every character of a paste): the character alone.
      this.chars.push(char);
      this.cursor += 1;
      this.endColumn += widthOf(char === '\t' ? ' ' : char);
      const end = this.endColumn;
      this.cursorRow = Math.floor(end / this.cols);
      // A character that fills the row leaves the cursor on its edge: a line break puts it on the next row.
      this.write(`${char === '\t' ? ' ' : char}${end % this.cols === 0 ? '\r\n' : ''}`);
      return;
    }
    this.edit(() => {
      this.chars.splice(this.cursor, 0, char);
      this.cursor += 1;
    });
  }

  private backspace(): void {
    if (!this.cursor) return;
    this.edit(() => {
      this.chars.splice(this.cursor - 1, 1);
      this.cursor -= 1;
    });
  }

  private deleteAt(): void {
    if (this.cursor >= this.chars.length) return;
    this.edit(() => {
      this.chars.splice(this.cursor, 1);
    });
  }

  private deleteWordBack(): void {
    let from = this.cursor;
    while (from > 0 && /\s/.test(this.chars[from - 1])) from -= 1;
    while (from > 0 && !/\s/.test(this.chars[from - 1])) from -= 1;
    this.edit(() => {
      this.chars.splice(from, this.cursor - from);
      this.cursor = from;
    });
  }

  private recall(step: number): void {
    const next = this.historyAt + step;
    if (next < 0 || next > this.history.length) return;
    if (this.historyAt === this.history.length) this.draft = this.chars;
    this.historyAt = next;
    this.edit(() => {
      this.chars = next === this.history.length ? this.draft : [...this.history[next]];
      this.cursor = this.chars.length;
    });
  }

  private moveTo(position: number): void {
    const to = Math.max(0, Math.min(this.chars.length, position));
    if (to === this.cursor) return;
    this.cursor = to;
    this.draw();
  }

  private edit(change: () => void): void {
    change();
    this.draw();
  }

  private columnOf(index: number): number {
    return widthOf(this.prompt.replace(/\x1b\[[0-9;]*m/g, '')) + widthOf(shown(this.chars.slice(0, index)));
  }

  /** Redraws prompt and line from the prompt's row, then puts the cursor where it belongs. */
  private draw(): void {
    let out = this.cursorRow > 0 ? `\x1b[${this.cursorRow}A` : '';
    out += `\r${this.prompt}${shown(this.chars)}\x1b[J`;
    const end = this.columnOf(this.chars.length);
    this.endColumn = end;
    const endRow = Math.floor(end / this.cols);
    // A line that ends exactly at the window's edge leaves the cursor on that edge: move it to the next row.
    if (end > 0 && end % this.cols === 0) out += '\r\n';
    const at = this.columnOf(this.cursor);
    const row = Math.floor(at / this.cols);
    if (endRow > row) out += `\x1b[${endRow - row}A`;
    out += `\r${at % this.cols ? `\x1b[${at % this.cols}C` : ''}`;
    this.cursorRow = row;
    this.write(out);
  }
}

/** How many characters the escape sequence at `i` takes; 0 when it is cut off at the end of `text`. */
function escapeLength(text: string, i: number): number {
  if (i + 1 >= text.length) return 0;
  const kind = text[i + 1];
  if (kind === '[') {
    for (let j = i + 2; j < text.length; j++) {
      const code = text.charCodeAt(j);
      if (code >= 0x40 && code <= 0x7e) return j - i + 1;
    }
    return 0;
  }
  if (kind === 'O') return i + 2 < text.length ? 3 : 0;
  return 2;
}

/** Length of the longest end of `text` that begins `marker`. */
function partialSuffix(text: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, text.length); n > 0; n--) if (text.endsWith(marker.slice(0, n))) return n;
  return 0;
}
