/**
 * Puts a library's stylesheet (xterm's) where its widget lives: the shadow root the host is in, else
 * the document beside the host. Shadow roots do not see the page's stylesheets.
 */
export function adoptCss(host: HTMLElement, css: string): void {
  const root = host.getRootNode();
  if (root instanceof ShadowRoot) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  host.prepend(style);
}
