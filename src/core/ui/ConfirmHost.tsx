import { useStore } from '@nanostores/react';
import { $confirmRequest } from '../stores/notify.ts';
import { lazyComponent } from './lazy-component.ts';

// The dialog (Shoelace's, with Lit) loads with the first question, not with the console.
const ConfirmDialog = lazyComponent<object>(
  () => import('./ConfirmDialog.tsx').then((m) => m.ConfirmDialog),
  'ConfirmDialog',
);

/** Shows the question core's confirm() asked; the answer resolves its promise. */
export function ConfirmHost() {
  return useStore($confirmRequest) ? <ConfirmDialog /> : null;
}
