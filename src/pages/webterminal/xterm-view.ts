import type { Terminal } from '@xterm/xterm';
import { adoptCss } from '../../core/ui/adopt-css.ts';
import { READABLE_ANSI } from '../../core/ui/terminal-colours.ts';

// xterm (about 83 KB gzip) and its fit addon load when a terminal opens, not with the asset lists.

export interface TerminalView {
  terminal: Terminal;
  /** Sizes the terminal to its box (the window, on this page). */
  fit: () => void;
  dispose: () => void;
}

/** An interactive terminal filling `host`, refitted whenever the box changes size. */
export async function openTerminalView(host: HTMLElement): Promise<TerminalView> {
  const [{ Terminal }, { FitAddon }, css] = await Promise.all([
    import('@xterm/xterm'),
    import('@xterm/addon-fit'),
    import('@xterm/xterm/css/xterm.css').then((m) => m.default),
  ]);
  adoptCss(host, css);
  const terminal = new Terminal({
    cursorBlink: true,
    fontSize: 14,
    scrollback: 5000,
    fontFamily: 'Menlo, Monaco, Consolas, "DejaVu Sans Mono", monospace',
    theme: { ...READABLE_ANSI, background: '#1f1f1f' },
  });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.open(host);
  const fit = () => {
    try {
      fitAddon.fit();
    } catch {
      // A box without size (hidden, detached) keeps the terminal's last size.
    }
  };
  fit();
  const observer = new ResizeObserver(fit);
  observer.observe(host);
  return {
    terminal,
    fit,
    dispose: () => {
      observer.disconnect();
      terminal.dispose();
    },
  };
}
