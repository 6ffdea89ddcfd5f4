// Driving the users pages inside the mounted console like a user: typing, choosing, clicking menus.
import { resolveConfirm, $confirmRequest, $toasts } from '../../../src/core/stores/notify.ts';
import { waitFor } from '../../helpers/dom.ts';
import { api } from '../../helpers/server.ts';
import type { MountedConsole } from '../../elements/support/console-fixture.ts';

export const USERS = '/api/v1/users/users/';
export const GROUPS = '/api/v1/users/groups/';
export const RELATIONS = '/api/v1/users/users-groups-relations/';

export type User = { id: string; username: string; name: string; email: string; comment: string; is_active: boolean };

export const click = (el: Element | null) => {
  if (!el) throw new Error('click: nothing to click');
  (el as HTMLElement).click();
};

/** Sets a Shoelace control's value and fires its events, as typing then leaving would. */
export function slType(el: Element | null, value: string, events = ['sl-input', 'sl-change', 'sl-blur']): void {
  if (!el) throw new Error('slType: no control');
  (el as unknown as { value: string }).value = value;
  for (const name of events) el.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
}

/** Types into a React-controlled native input or select (native setter, then its event). */
export function nativeType(el: Element | null, value: string, event = 'input'): void {
  if (!el) throw new Error('nativeType: no control');
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event(event, { bubbles: true }));
}

export const formControl = (view: MountedConsole, field: string, tag = 'sl-input') =>
  view.find(`.form-item[data-field="${field}"] ${tag}`);

export const fieldError = (view: MountedConsole, field: string) =>
  view.textOf(`.form-item[data-field="${field}"] .field-error`);

/** Free-text search in the list's search bar (Enter applies it). */
export function searchFor(view: MountedConsole, value: string): void {
  const input = view.find('.list-page input.search-input');
  nativeType(input, value);
  input!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

/** Usernames of the rows the list shows, in order. */
export const shownUsernames = (view: MountedConsole) =>
  view.findAll('.list-page tbody tr[data-id] td[data-prop="username"]').map((td) => (td.textContent ?? '').trim());

export const rowOf = (view: MountedConsole, id: string) => view.find(`.list-page tr[data-id="${id}"]`);

/** Answers the confirm dialog the page opened and returns its message. */
export async function answerConfirm(ok = true): Promise<string> {
  const request = await waitFor(() => $confirmRequest.get(), 3000, 'a confirm dialog');
  resolveConfirm(ok);
  return request.message;
}

export const waitForToast = (type: string, message: string, timeout = 5000) =>
  waitFor(
    () => $toasts.get().some((toast) => toast.type === type && toast.message === message),
    timeout,
    `${type} toast "${message}"`,
  );

export async function usersNamed(prefix: string): Promise<User[]> {
  return (await api<User[]>('GET', `${USERS}?search=${encodeURIComponent(prefix)}`)).data;
}

export async function createUser(body: Record<string, unknown>): Promise<User> {
  const response = await api<User>('POST', USERS, { password_strategy: 1, password: 'Test-pass-1', ...body });
  if (response.status !== 201) throw new Error(`create user: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function deleteUsers(prefix: string): Promise<void> {
  for (const user of await usersNamed(prefix)) await api('DELETE', `${USERS}${user.id}/`);
}
