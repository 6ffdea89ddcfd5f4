// xterm is about 83 KB gzip: it loads on this page only, as its own chunk.

export interface LogTerminal {
  write: (text: string) => void
  dispose: () => void
}

/** Puts xterm's stylesheet where the terminal lives: the shadow root, else the document. */
export function adoptCss(host: HTMLElement, css: string): void {
  const root = host.getRootNode()
  if (root instanceof ShadowRoot) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  const style = document.createElement('style')
  style.textContent = css
  host.prepend(style)
}

/** A read-only terminal in `host`; server text is written as terminal data, never as HTML. */
export async function openLogTerminal(host: HTMLElement): Promise<LogTerminal> {
  const [{ Terminal }, css] = await Promise.all([
    import('@xterm/xterm'),
    import('@xterm/xterm/css/xterm.css').then((m) => m.default),
  ])
  adoptCss(host, css)
  const terminal = new Terminal({ convertEol: true, disableStdin: true, fontSize: 14, rows: 40, scrollback: 10000 })
  terminal.open(host)
  return { write: (text) => terminal.write(text), dispose: () => terminal.dispose() }
}
