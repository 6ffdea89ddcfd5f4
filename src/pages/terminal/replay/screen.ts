import { adoptCss } from '../../../core/ui/adopt-css.ts'
import type { Terminal } from '@xterm/xterm'
import type { Timeline } from './timeline.ts'

// The visible terminal (@xterm/xterm 5.5, loaded with the player). Recorded text is written as
// terminal data, never as HTML.

let terminalCode: Promise<[typeof import('@xterm/xterm'), string]> | undefined

/** xterm's code and stylesheet, asked once: the player asks as soon as it loads, before it mounts. */
export function loadTerminal(): Promise<[typeof import('@xterm/xterm'), string]> {
  terminalCode ??= Promise.all([import('@xterm/xterm'), import('@xterm/xterm/css/xterm.css').then((m) => m.default)])
  return terminalCode
}

const CLEAN_SLATE = '\x1b[!p\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[0m\x1b[H\x1b[2J\x1b[3J'

export class Screen {
  private constructor(private readonly terminal: Terminal) {}

  static async open(host: HTMLElement, cols: number, rows: number): Promise<Screen> {
    const [{ Terminal }, css] = await loadTerminal()
    adoptCss(host, css)
    const terminal = new Terminal({ cols, rows, disableStdin: true, cursorBlink: false, fontSize: 13, scrollback: 1000 })
    terminal.open(host)
    // Nothing is typed into a replay: keys are left to the page (Tab moves on instead of being kept
    // as a tab character, the player's own keys work), and Tab never stops in xterm's input.
    terminal.attachCustomKeyEventHandler(() => false)
    if (terminal.textarea) terminal.textarea.tabIndex = -1
    return new Screen(terminal)
  }

  /**
   * An empty terminal of this size, as before the recording's first event. Sent as data so it lands
   * after whatever xterm has not parsed yet, not in the middle of it: a soft reset (DECSTR: modes,
   * attributes, margins), the normal screen, no mouse reporting, cleared screen and scrollback. A full
   * reset (RIS) rebuilds the terminal's services and measured up to hundreds of ms per seek.
   */
  reset(cols: number, rows: number): void {
    this.terminal.write(CLEAN_SLATE, () => {
      if (cols !== this.terminal.cols || rows !== this.terminal.rows) this.terminal.resize(cols, rows)
    })
  }

  write(text: string): void {
    if (text) this.terminal.write(text)
  }

  /** Events [from, to) of the recording, joined between resizes; `done` runs once xterm has parsed them. */
  play(timeline: Timeline, from: number, to: number, done?: () => void): void {
    let text = ''
    for (let i = from; i < to; i += 1) {
      const data = timeline.data[i]
      if (typeof data === 'string') text += data
      else {
        this.write(text)
        text = ''
        this.terminal.write('', () => this.terminal.resize(data.cols, data.rows))
      }
    }
    this.terminal.write(text, done)
  }

  dispose(): void {
    this.terminal.dispose()
  }
}
