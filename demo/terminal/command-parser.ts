// Reads the commands out of an interactive shell session, echo-based as 2.3's terminal does: what the
// user types until Enter is the command as the target echoed it on the prompt line (so completion and
// history count, and an unechoed password does not), the output until the next prompt is its output.
// Full-screen programs (alternate screen: vim, top, less) are not parsed for commands.
import { plainText, renderLine } from './line-screen.ts';

export interface ParsedCommand { input: string; output: string; timestamp: number }

const MAX_INPUT = 128;
const MAX_OUTPUT = 1024;
const HEAD_KEEP = 4096;
const TAIL_KEEP = 1024;

export class CommandParser {
  private phase: 'input' | 'output' = 'output';
  private prompt = '';
  private echo = '';
  private typed = '';
  private plainTyping = true;
  private head = '';
  private tail = '';
  private pending: ParsedCommand | null = null;
  private fullScreen = false;
  private pastedLine = false;

  constructor(private readonly emit: (command: ParsedCommand) => void) {}

  /** Output of the target, in order with the input. */
  output(text: string): void {
    if (text.includes('\x1b[?1049h') || text.includes('\x1b[?47h')) this.fullScreen = true;
    if (this.fullScreen && (text.includes('\x1b[?1049l') || text.includes('\x1b[?47l'))) {
      this.fullScreen = false;
      text = text.slice(Math.max(text.lastIndexOf('\x1b[?1049l'), text.lastIndexOf('\x1b[?47l')));
      this.head = '';
      this.tail = '';
    }
    if (this.phase === 'input') {
      this.echo = (this.echo + text).slice(-4096);
      return;
    }
    if (this.head.length < HEAD_KEEP) this.head += text.slice(0, HEAD_KEEP - this.head.length);
    this.tail = (this.tail + text).slice(-TAIL_KEEP);
  }

  /**
   * The user's keys up to (not including) an Enter are given to `typing`; an Enter ends the line and
   * `enter` answers the command the line holds ('' for an empty line or a full-screen program).
   */
  typing(keys: string, enterInSameChunk = false): void {
    if (this.fullScreen) return;
    if (this.phase === 'output') this.startLine();
    // A whole line pasted with its Enter reaches the filter before the target could echo it.
    if (enterInSameChunk && this.typed === '' && this.echo === '') this.pastedLine = true;
    for (const key of keys.split(/(?=\x1b)/)) {
      if (key.startsWith('\x1b') || /[\t\x10\x0e\x12\x01\x05\x02\x06]/.test(key)) this.plainTyping = false;
      for (const ch of key.startsWith('\x1b') ? '' : key) {
        if (ch === '\x7f' || ch === '\b') this.typed = this.typed.slice(0, -1);
        else if (ch === '\x15' || ch === '\x03') this.typed = '';
        else if (ch >= ' ') this.typed += ch;
      }
    }
  }

  /** The command of the line an Enter just ended. */
  enter(): string {
    if (this.fullScreen) return '';
    if (this.phase === 'output') this.startLine();
    const shown = renderLine(this.prompt + this.echo);
    const promptShown = renderLine(this.prompt);
    const fromEcho = (shown.startsWith(promptShown) ? shown.slice(promptShown.length) : shown).trim();
    const line = this.pastedLine && this.plainTyping ? this.typed.trim() : fromEcho;
    return line.slice(0, MAX_INPUT);
  }

  /** The line was sent: its output is collected until the next prompt. */
  submitted(input: string): void {
    this.pending = input ? { input, output: '', timestamp: Math.floor(Date.now() / 1000) } : null;
    this.toOutput();
  }

  /** The line was refused and never reached the target. */
  refused(): void {
    this.pending = null;
    this.toOutput();
  }

  /** Ends the session: the last command gets the output seen so far. */
  flush(): void {
    if (this.phase === 'output') this.finishPending(false);
    this.pending = null;
  }

  private toOutput(): void {
    this.phase = 'output';
    this.head = '';
    this.tail = '';
    this.echo = '';
    this.typed = '';
    this.plainTyping = true;
    this.pastedLine = false;
  }

  private startLine(): void {
    this.finishPending(true);
    const lastBreak = this.tail.lastIndexOf('\n');
    this.prompt = lastBreak >= 0 ? this.tail.slice(lastBreak + 1) : this.tail;
    this.phase = 'input';
    this.echo = '';
    this.typed = '';
    this.plainTyping = true;
    this.pastedLine = false;
  }

  private finishPending(promptFollows: boolean): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    let raw = this.head;
    if (promptFollows && this.head.length < HEAD_KEEP) {
      const lastBreak = raw.lastIndexOf('\n');
      raw = lastBreak >= 0 ? raw.slice(0, lastBreak + 1) : '';
    }
    // The first line of what follows Enter is the echo of the line break itself.
    const text = plainText(raw).replace(/^\n/, '').replace(/\n$/, '');
    this.emit({ ...pending, output: text.slice(0, MAX_OUTPUT) });
  }
}
