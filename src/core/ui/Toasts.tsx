import { useStore } from '@nanostores/react';
import { $toasts } from '../stores/notify.ts';
import { lazyComponent } from './lazy-component.ts';

// Shoelace's alert (and Lit under it) is no part of the console's first load: most first screens
// show no toast, so the stack's code arrives with the first one (a few milliseconds from the same server).
const ToastStack = lazyComponent<object>(() => import('./ToastStack.tsx').then((m) => m.ToastStack), 'ToastStack');

/** Where toasts appear; draws nothing, and loads nothing, until there is one. */
export function Toasts() {
  const shown = useStore($toasts).length > 0;
  return shown ? <ToastStack /> : null;
}
