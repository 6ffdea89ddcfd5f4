// DOM helpers for tests of elements whose content lives in (nested) shadow roots.

/**
 * A wait of a second or more is for something the page will do; on a busy machine (CI with both cores
 * taken) that took over 3 s in a loaded run, so such waits allow at least this long. A met wait returns at
 * once: only a real failure waits it out. Shorter waits are the test's own timing and stay as written.
 */
const BUSY_FLOOR_MS = 10_000;

/** Polls until `probe` returns something truthy (errors count as "not yet"); returns that value. */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  asked = 5000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const timeout = asked >= 1000 ? Math.max(asked, BUSY_FLOOR_MS) : asked;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`waitFor: ${what} not met within ${timeout} ms${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function shadowHosts(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].filter((el) => el.shadowRoot);
}

/** Every match of `selector` in `root` and, recursively, in the shadow roots below it (document order per root). */
export function deepQueryAll<E extends Element = Element>(root: ParentNode, selector: string): E[] {
  const found: E[] = [...root.querySelectorAll<E>(selector)];
  const hosts = root instanceof Element && root.shadowRoot ? [root, ...shadowHosts(root)] : shadowHosts(root);
  for (const host of hosts) found.push(...deepQueryAll<E>(host.shadowRoot as ShadowRoot, selector));
  return found;
}

export function deepQuery<E extends Element = Element>(root: ParentNode, selector: string): E | null {
  return deepQueryAll<E>(root, selector)[0] ?? null;
}

const INVISIBLE = new Set(['STYLE', 'SCRIPT', 'TEMPLATE', 'NOSCRIPT']);

function renderedText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element) || INVISIBLE.has(node.tagName)) return '';
  if (node instanceof HTMLSlotElement) {
    const assigned = node.assignedNodes({ flatten: true });
    const shown = assigned.length > 0 ? assigned : [...node.childNodes];
    return shown.map(renderedText).join('');
  }
  const display = getComputedStyle(node).display;
  if (display === 'none') return '';
  const children = node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
  const inner = [...children].map(renderedText).join('');
  // Block-like boxes (cells, rows, paragraphs) read as separate words; inline ones run on.
  return display === 'inline' || display === 'contents' ? inner : ` ${inner} `;
}

/** The text a user reads in `el`, shadow DOM and slotted content included, whitespace collapsed. */
export function text(el: Node | null | undefined): string {
  if (!el) return '';
  const source = el instanceof ShadowRoot ? [...el.childNodes].map(renderedText).join('') : renderedText(el);
  return source.replace(/\s+/g, ' ').trim();
}
