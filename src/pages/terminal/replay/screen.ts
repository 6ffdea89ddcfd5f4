import { adoptCss } from '../../../core/ui/adopt-css.ts';
import { READABLE_ANSI } from '../../../core/ui/terminal-colours.ts';
import type { Terminal } from '@xterm/xterm';
import type { Timeline } from './timeline.ts';

// The visible terminal (@xterm/xterm, loaded with the player). Recorded text is written as terminal
// data, never as HTML. As in asciinema-player the screen is the recorded terminal and nothing more: no
// scrollback (a seek restores a snapshot without one anyway), so its size is rows × cols exactly.

let terminalCode: Promise<[typeof import('@xterm/xterm'), string]> | undefined;

/** xterm's code and stylesheet, asked once: the player asks as soon as it loads, before it mounts. */
export function loadTerminal(): Promise<[typeof import('@xterm/xterm'), string]> {
  terminalCode ??= Promise.all([import('@xterm/xterm'), import('@xterm/xterm/css/xterm.css').then((m) => m.default)]);
  return terminalCode;
}

const CLEAN_SLATE =
  '\x1b[!p\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[0m\x1b[H\x1b[2J\x1b[3J';

/** Smallest font the screen is drawn in, however small its box. */
const MIN_FONT_PX = 2;

export class Screen {
  private constructor(private readonly terminal: Terminal) {}

  static async open(host: HTMLElement, cols: number, rows: number): Promise<Screen> {
    const [{ Terminal }, css] = await loadTerminal();
    adoptCss(host, css);
    const terminal = new Terminal({
      cols,
      rows,
      disableStdin: true,
      cursorBlink: false,
      fontSize: 12,
      scrollback: 0,
      theme: READABLE_ANSI,
    });
    terminal.open(host);
    // Nothing is typed into a replay: keys are left to the page (Tab moves on instead of being kept
    // as a tab character, the player's own keys work), and Tab never stops in xterm's input.
    terminal.attachCustomKeyEventHandler(() => false);
    if (terminal.textarea) terminal.textarea.tabIndex = -1;
    return new Screen(terminal);
  }

  /**
   * An empty terminal of this size, as before the recording's first event. Sent as data so it lands
   * after whatever xterm has not parsed yet, not in the middle of it: a soft reset (DECSTR: modes,
   * attributes, margins), the normal screen, no mouse reporting, cleared screen and scrollback. A full
   * reset (RIS) rebuilds the terminal's services and measured up to hundreds of ms per seek.
   */
  reset(cols: number, rows: number): void {
    this.terminal.write(CLEAN_SLATE, () => {
      if (cols !== this.terminal.cols || rows !== this.terminal.rows) this.terminal.resize(cols, rows);
    });
  }

  write(text: string): void {
    if (text) this.terminal.write(text);
  }

  /** Events [from, to) of the recording, joined between resizes; `done` runs once xterm has parsed them. */
  play(timeline: Timeline, from: number, to: number, done?: () => void): void {
    let text = '';
    for (let i = from; i < to; i += 1) {
      const data = timeline.data[i];
      if (typeof data === 'string') text += data;
      else {
        this.write(text);
        text = '';
        this.terminal.write('', () => this.terminal.resize(data.cols, data.rows));
      }
    }
    this.terminal.write(text, done);
  }

  /** The drawn terminal's size in CSS pixels (0 × 0 before it is laid out). */
  size(): { width: number; height: number } {
    const drawn = this.terminal.element?.querySelector<HTMLElement>('.xterm-screen');
    return { width: drawn?.offsetWidth ?? 0, height: drawn?.offsetHeight ?? 0 };
  }

  setFontSize(px: number): void {
    const size = Math.max(MIN_FONT_PX, px);
    if (this.terminal.options.fontSize !== size) this.terminal.options.fontSize = size;
  }

  /** The largest font at which the terminal fits `width` × `height` (either may be Infinity). */
  fitInto(width: number, height: number): void {
    const drawn = this.size();
    if (!drawn.width || !drawn.height) return;
    const fits = (size: { width: number; height: number }) => size.width <= width + 0.5 && size.height <= height + 0.5;
    // Fitted already when a larger font would not fit: it widens every column (so the room left is
    // under one), and makes every row at least a pixel taller.
    const { cols, rows } = this.terminal;
    if (fits(drawn) && (width - drawn.width < drawn.width / cols + 1 || height - drawn.height < rows + 1)) return;
    // Cells are whole device pixels high, so the size climbs in steps: a search, not a proportion.
    const at = (font: number) => {
      this.setFontSize(font);
      return fits(this.size());
    };
    const font = this.terminal.options.fontSize ?? 12;
    const guess = font * Math.min(width / drawn.width, height / drawn.height);
    let low = MIN_FONT_PX;
    let high = guess * 1.1;
    for (let grow = 0; grow < 8 && at(high); grow += 1) [low, high] = [high, high * 1.25];
    if (low === MIN_FONT_PX && at(guess * 0.9)) low = guess * 0.9;
    for (let step = 0; step < 8 && high - low > 0.05; step += 1) {
      const middle = (low + high) / 2;
      if (at(middle)) low = middle;
      else high = middle;
    }
    this.setFontSize(Math.floor(low * 100) / 100);
  }

  /** Runs `listener` when the recording changes the terminal's rows or columns. */
  onResize(listener: () => void): () => void {
    const subscription = this.terminal.onResize(listener);
    return () => subscription.dispose();
  }

  dispose(): void {
    this.terminal.dispose();
  }
}
