// Driving the asset list's node tree inside the mounted console: right-click menus, rename, select.
import { waitFor } from '../../../helpers/dom.ts';
import type { MountedConsole } from '../../../elements/support/console-fixture.ts';

export const nodeRow = (view: MountedConsole, id: string) =>
  view.find<HTMLElement>(`.node-tree .node-row[data-id="${id}"]`);

/** Opens a node's right-click menu and picks `action` (create, rename, delete). */
export async function nodeMenu(
  view: MountedConsole,
  row: HTMLElement,
  action: 'create' | 'rename' | 'delete',
): Promise<void> {
  const box = row.getBoundingClientRect();
  row.dispatchEvent(
    new MouseEvent('contextmenu', {
      bubbles: true,
      composed: true,
      cancelable: true,
      clientX: box.left + 10,
      clientY: box.top + 5,
    }),
  );
  const item = await waitFor(
    () => view.find<HTMLElement>(`.tree-menu [data-action="${action}"]`),
    3000,
    `the ${action} menu item`,
  );
  item.click();
}

/** Types a name into the open rename box and presses Enter; returns the id of the node being renamed. */
export async function renameOpenNode(view: MountedConsole, value: string): Promise<string> {
  const input = await waitFor(() => view.find<HTMLInputElement>('.node-tree input.rename'), 5000, 'the rename box');
  const id = input.closest('.node-row')?.getAttribute('data-id') ?? '';
  input.value = value;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  return id;
}

/** The tree's org root row (the only row at depth 0 with no parent). */
export const rootRow = (view: MountedConsole) =>
  waitFor(() => view.find<HTMLElement>('.node-tree ul[role="tree"] > li > .node-row'), 8000, 'the org root node');
