import { useStore } from '@nanostores/react';
import { createElement } from 'react';
import { $dialog, closeDialog } from '../stores/dialog.ts';

/** Draws the dialog a page opened with openDialog() (stores/dialog.ts); nothing otherwise. */
export function DialogHost() {
  const dialog = useStore($dialog);
  if (!dialog) return null;
  return createElement(dialog.component, { key: dialog.id, ...dialog.props, onClose: closeDialog });
}
