import { adoptCss } from '../../core/ui/adopt-css.ts';
import { READABLE_ANSI } from '../../core/ui/terminal-colours.ts';

// xterm is about 83 KB gzip: it loads on this page only, as its own chunk.

export interface LogTerminal {
  write: (text: string) => void;
  dispose: () => void;
}

/** A read-only terminal in `host`; server text is written as terminal data, never as HTML. */
export async function openLogTerminal(host: HTMLElement): Promise<LogTerminal> {
  const [{ Terminal }, css] = await Promise.all([
    import('@xterm/xterm'),
    import('@xterm/xterm/css/xterm.css').then((m) => m.default),
  ]);
  adoptCss(host, css);
  const terminal = new Terminal({
    convertEol: true,
    disableStdin: true,
    fontSize: 14,
    rows: 40,
    scrollback: 10000,
    theme: READABLE_ANSI,
  });
  terminal.open(host);
  return { write: (text) => terminal.write(text), dispose: () => terminal.dispose() };
}
