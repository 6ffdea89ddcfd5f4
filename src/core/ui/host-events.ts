// What an element tells its host page: DOM events from inside its shadow root that bubble and cross
// it (composed), named `bastion-*`. The names before the prefix still go out beside the new ones for
// hosts written against them; they are deprecated (docs/elements.md).

/** New name → the old one sent with it. */
export const DEPRECATED_EVENTS: Readonly<Record<string, string>> = {
  'bastion-asset-select': 'asset-select',
  'bastion-asset-open': 'asset-open',
  'bastion-replay-ready': 'replay-ready',
  'bastion-replay-ended': 'replay-ended',
  'bastion-replay-error': 'replay-error',
};

/**
 * Sends `type` (and its deprecated alias) from `from`; the host sees it on the element. A `cancelable`
 * event lets the host take over what the element would do next: the answer is false when it called
 * `preventDefault()` (or when there is no element to send from).
 */
export function emit<T>(
  from: Element | null | undefined,
  type: string,
  detail: T,
  options: { cancelable?: boolean } = {},
): boolean {
  if (!from) return false;
  const init = { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false };
  const proceed = from.dispatchEvent(new CustomEvent(type, init));
  const old = DEPRECATED_EVENTS[type];
  if (old) from.dispatchEvent(new CustomEvent(old, init));
  return proceed;
}

/** The custom element whose shadow root holds `node` (the nearest one), if any. */
export function hostOf(node: Node | null | undefined): HTMLElement | null {
  const root = node?.getRootNode();
  return root instanceof ShadowRoot ? (root.host as HTMLElement) : null;
}
