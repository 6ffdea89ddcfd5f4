// The line as the user's terminal shows it while the shell reads it: a headless xterm fed the shell's
// output from the moment it starts reading a line (its prompt), so echoes, edits, completion, history
// recall, wrapped rows and redraws are rendered exactly as a terminal renders them. Bulk output between
// lines is never fed here: the emulator only ever sees a prompt and its line.
import xterm from '@xterm/headless';

// @xterm/headless is CommonJS: Node's ESM loader finds its class on the default export only.
const { Terminal } = xterm as unknown as { Terminal: typeof import('@xterm/headless').Terminal };
type HeadlessTerminal = InstanceType<typeof Terminal>;

export interface ScreenRead {
  /** The line after the prompt, rows joined ('\n' where the line itself breaks), trailing blanks cut. */
  text: string;
  /** The prompt was found where the line began: `text` is the line, not a guess. */
  found: boolean;
}

/** readline's and zsh's incremental search draw their own prompt over the line. */
const SEARCH = /^\((?:failed )?(?:reverse|fwd|bck)-i-search\)`[^']*': (.*)$|^(?:failing )?(?:bck|fwd)-i-search: .*_$/s;

export class ScreenLine {
  private term: HeadlessTerminal;
  /** Where the line begins: the absolute row and column just after the prompt, and the prompt's text on that row. */
  private start: { row: number; col: number; prompt: string; beforePrompt: boolean } | null = null;
  /** The text of the last prompt a line began after (prompts repeat: it finds the line after a new one). */
  private lastPrompt = '';

  constructor(cols: number, rows: number) {
    this.term = new Terminal({ cols, rows, scrollback: 200, allowProposedApi: true });
  }

  // Every operation goes through xterm's write queue (a reset is written as RIS, reads run in write
  // callbacks), so a read sees exactly the output that came before it, whatever came after.

  /** A new line: the emulator starts empty and gets what the shell drew so far of its prompt. */
  begin(output = ''): void {
    this.term.write('\x1bc', () => {
      this.start = null;
    });
    if (output) this.term.write(output);
  }

  write(text: string): void {
    this.term.write(text);
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows);
  }

  /**
   * The line begins where the cursor is once what was written so far is drawn: the prompt's end when
   * the user's first key of the line comes. `beforePrompt`: the prompt is still to be drawn (keys typed
   * ahead of it); the line is then what follows the last prompt seen, when it starts with it.
   */
  markLineStart(beforePrompt = false): void {
    this.term.write('', () => {
      if (this.disposed) return;
      const buffer = this.term.buffer.active;
      const row = buffer.baseY + buffer.cursorY;
      const col = Math.min(buffer.cursorX, this.term.cols);
      const prompt = buffer.getLine(row)?.translateToString(false, 0, col) ?? '';
      this.start = { row, col, prompt, beforePrompt };
      if (!beforePrompt && prompt.trim()) this.lastPrompt = prompt;
    });
  }

  /** The shell's prompt as last seen drawn where a line began (its text, escape sequences drawn). */
  get knownPrompt(): string {
    return this.lastPrompt;
  }

  /** The line as shown once everything written so far is drawn. */
  readSettled(): Promise<ScreenRead> {
    return new Promise((resolve) => this.term.write('', () => resolve(this.read(false))));
  }

  /** A read queued before the session ended finds nothing (the emulator is gone). */
  private disposed = false;

  /** The line the shell just accepted: its Enter has moved the cursor to the row below it. */
  readAccepted(): Promise<ScreenRead> {
    return new Promise((resolve) => this.term.write('', () => resolve(this.read(true))));
  }

  private read(accepted: boolean): ScreenRead {
    if (this.disposed) return { text: '', found: false };
    const buffer = this.term.buffer.active;
    let cursorRow = buffer.baseY + buffer.cursorY;
    if (accepted && cursorRow > 0 && !buffer.getLine(cursorRow)?.translateToString(true)) cursorRow -= 1;
    let last = cursorRow;
    while (buffer.getLine(last + 1)?.isWrapped) last += 1;
    const start = this.locateStart(cursorRow);
    if (start && !this.start?.beforePrompt) return { text: this.textBetween(start.row, start.col, last), found: true };
    if (start) {
      // Marked before its prompt was drawn: the line follows the prompt, which repeats the last one seen.
      const text = this.textBetween(start.row, start.col, last);
      if (this.lastPrompt && text.startsWith(this.lastPrompt))
        return { text: text.slice(this.lastPrompt.length), found: true };
      // The prompt was already drawn when the line was marked.
      if (start.row === cursorRow || !text.includes('\n')) return { text, found: true };
    }
    // Not where it began (a search prompt drew over it, or the screen was redrawn differently).
    let first = cursorRow;
    while (first > 0 && buffer.getLine(first)?.isWrapped) first -= 1;
    const shown = this.textBetween(first, 0, last);
    const search = SEARCH.exec(shown);
    if (search && search[1] !== undefined) return { text: search[1].trimEnd(), found: true };
    return { text: shown, found: false };
  }

  /** The line's start, if the prompt is still drawn there (else after a clear, on a later row). */
  private locateStart(cursorRow: number): { row: number; col: number } | null {
    if (!this.start) return null;
    const buffer = this.term.buffer.active;
    const promptAt = (row: number) =>
      (buffer.getLine(row)?.translateToString(false, 0, this.start!.col) ?? '') === this.start!.prompt;
    if (this.start.row <= cursorRow && promptAt(this.start.row)) return this.start;
    // Ctrl-L and completion listings redraw the prompt lower or at the top: the nearest row above the
    // cursor that begins with the same prompt.
    for (let row = cursorRow; row >= Math.max(0, cursorRow - 100); row -= 1) {
      if (promptAt(row) && !buffer.getLine(row)?.isWrapped) return { row, col: this.start.col };
    }
    return null;
  }

  private textBetween(firstRow: number, firstCol: number, lastRow: number): string {
    const buffer = this.term.buffer.active;
    let text = '';
    for (let row = firstRow; row <= lastRow; row += 1) {
      const line = buffer.getLine(row);
      if (!line) break;
      const next = buffer.getLine(row + 1);
      const continues = row < lastRow && next?.isWrapped;
      // A wrapped row runs on into the next: its trailing blanks are part of the line.
      const part = line.translateToString(!continues, row === firstRow ? firstCol : 0);
      text += part;
      if (row < lastRow && !continues) text = `${text.trimEnd()}\n`;
    }
    return text.trimEnd();
  }

  dispose(): void {
    this.disposed = true;
    this.term.dispose();
  }
}
