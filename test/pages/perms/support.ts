// Driving the Permissions and Applications pages: picking in the form's remote selects, reading tabs.
import { text, waitFor } from '../../helpers/dom.ts';
import { settle, type MountedConsole } from '../../elements/support/console-fixture.ts';
import { click, nativeType } from '../users/support.ts';

export const ASSET_PERMISSIONS = '/api/v1/perms/asset-permissions/';
export const GROUPS = '/api/v1/users/groups/';
export const SYSTEM_USERS = '/api/v1/assets/system-users/';

/** Picks an option of a form field's remote select by typing part of its label. */
export async function pickIn(view: MountedConsole, scope: string, search: string, label: string): Promise<void> {
  const input = await waitFor(
    () => view.find<HTMLInputElement>(`${scope} input.combo-input`),
    8000,
    `the select of ${scope}`,
  );
  input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  nativeType(input, search);
  const option = await waitFor(
    () => view.findAll(`${scope} li[role="option"]`).find((li) => text(li) === label),
    5000,
    `option ${label}`,
  );
  click(option);
  await settle();
}

export const pickField = (view: MountedConsole, field: string, search: string, label = search) =>
  pickIn(view, `.form-item[data-field="${field}"]`, search, label);

/** The form's action checkboxes: value → checked. */
export function actionBoxes(view: MountedConsole): Record<string, boolean> {
  return Object.fromEntries(
    view
      .findAll<HTMLInputElement>('.form-item[data-field="actions"] input[type="checkbox"]')
      .map((box) => [box.value, box.checked]),
  );
}

export function tickAction(view: MountedConsole, name: string): void {
  click(view.find(`.form-item[data-field="actions"] input[value="${name}"]`));
}

export async function openTab(view: MountedConsole, name: string, title: string): Promise<void> {
  const tab = await waitFor(() => view.find(`.detail-tabs [data-tab="${name}"]`), 8000, `the ${name} tab`);
  if (text(tab) !== title) throw new Error(`tab ${name} reads "${text(tab)}", expected "${title}"`);
  click(tab);
  await waitFor(() => view.find(`.detail-tabs [data-tab="${name}"][aria-selected="true"]`), 5000, `${name} tab chosen`);
}

export const members = (view: MountedConsole, card = '') =>
  view.findAll(`.relation-card${card} .member`).map((member) => text(member.querySelector('span')));
