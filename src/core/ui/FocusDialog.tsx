import { useEffect, useState, type ComponentProps } from 'react';
import './shoelace-setup.ts';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';

/** The focused element, looking inside shadow roots (document.activeElement stops at our host). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * Shoelace's dialog as our pages use it: mounted already open, closed by unmounting. Opened that way
 * it moves no focus (it does so only when `open` changes), and it would give focus back to
 * `document.activeElement`, which is our element, not the control inside it that opened the dialog.
 * So it opens one tick after mounting (Shoelace then focuses the panel or the `[autofocus]` field
 * and keeps Tab inside), and on closing the control that had focus gets it back.
 */
export default function FocusDialog(props: ComponentProps<typeof SlDialog>) {
  const [opener] = useState(deepActiveElement);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    return () => {
      if (opener?.isConnected) setTimeout(() => opener.focus({ preventScroll: true }));
    };
  }, [opener]);
  return <SlDialog {...props} open={Boolean(props.open) && ready} />;
}
