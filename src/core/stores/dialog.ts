import { atom } from 'nanostores';
import type { ComponentType } from 'react';

// A dialog a page opens from code that draws nothing itself (a row action, a quick action): the
// console's DialogHost draws it over the page, so the user stays where they were. One at a time.

/** What a hosted dialog gets: its own props and the way to close it. */
export type HostedDialogProps<P> = P & { onClose: () => void };

export interface OpenDialog {
  id: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
  props: Record<string, unknown>;
}

export const $dialog = atom<OpenDialog | null>(null);
let lastId = 0;

/** Shows `component` with `props` (and `onClose`) over the page, replacing one already open. */
export function openDialog<P extends object>(component: ComponentType<HostedDialogProps<P>>, props: P): void {
  $dialog.set({ id: ++lastId, component, props: props as Record<string, unknown> });
}

export function closeDialog(): void {
  $dialog.set(null);
}
