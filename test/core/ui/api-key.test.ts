// The API Key dialog (on the list engine) against the caller's real access keys.
import { expect } from '@open-wc/testing';
import { api, loginAs } from '../../helpers/server.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

const URL = '/api/v1/authentication/access-keys/';
type Key = { id: string; secret: string; is_active: boolean };

async function serverKeys(): Promise<Key[]> {
  const response = await api<{ results: Key[] }>('GET', `${URL}?limit=100&offset=0`);
  return response.data.results;
}

async function openDialog(view: MountedConsole): Promise<HTMLElement> {
  const item = view.findAll('.account-menu .menu-item').find((node) => text(node) === 'API Key');
  (item as HTMLElement).click();
  return waitFor(() => view.find<HTMLElement>('sl-dialog.api-key-dialog'), 2000, 'the dialog');
}

const rowIds = (view: MountedConsole) =>
  view.findAll('.api-key-dialog tbody tr[data-id]').map((row) => row.getAttribute('data-id'));
const row = (view: MountedConsole, id: string) => view.find(`.api-key-dialog tr[data-id="${id}"]`)!;
const click = (el: Element | null) => (el as HTMLElement).click();

/** Types into the engine's search box and presses Enter, as a user would. */
function search(view: MountedConsole, value: string): void {
  const input = view.find<HTMLInputElement>('.api-key-dialog input.search-input')!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

describe('API Key dialog', () => {
  afterEach(resetConsole);

  it('lists, creates, reveals, toggles and deletes the caller’s keys', async () => {
    await loginAs('sysauditor');
    for (const key of await serverKeys()) await api('DELETE', `${URL}${key.id}/`);
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    const dialog = await openDialog(view);
    expect(getComputedStyle(dialog).getPropertyValue('--width').trim()).to.equal('60%');
    await view.waitForText('.api-key-dialog tbody', '暂无数据');
    const widths = ['id', 'secret'].map(
      (prop) => (view.find(`.api-key-dialog th[data-prop="${prop}"]`) as HTMLElement).style.width,
    );
    expect(widths).to.deep.equal(['315px', '315px']);

    click(view.find('.api-key-dialog button.create'));
    await waitFor(() => rowIds(view).length === 1, 3000, 'the new key');
    const [created] = await serverKeys();
    expect(rowIds(view)).to.deep.equal([created.id]);
    expect(text(row(view, created.id)), 'secret hidden until asked').to.not.contain(created.secret);

    click(row(view, created.id).querySelector('sl-button.show-secret'));
    await view.waitForText(`tr[data-id="${created.id}"] td[data-prop="secret"]`, created.secret);

    expect(row(view, created.id).querySelector('td[data-prop="is_active"] .bool-true')).to.not.equal(null);
    click(row(view, created.id).querySelector('button.action-toggle'));
    await waitFor(
      () => row(view, created.id).querySelector('td[data-prop="is_active"] .bool-false'),
      3000,
      'the key shown off',
    );
    expect((await serverKeys())[0].is_active).to.equal(false);

    click(row(view, created.id).querySelector('button.action-delete'));
    await view.waitForText('.confirm-dialog .confirm-message', `你确定要删除 "${created.id}" ?`);
    click(view.find('.confirm-dialog .confirm-ok'));
    await view.waitForText('.toasts .toast-success', '删除成功');
    await waitFor(() => rowIds(view).length === 0, 2000, 'the row to go');
    expect(await serverKeys()).to.deep.equal([]);
  });

  it('searches by key id prefix, and refresh shows keys made elsewhere', async () => {
    await loginAs('sysauditor');
    await api('POST', URL);
    await api('POST', URL);
    const keys = await serverKeys();
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await openDialog(view);
    await waitFor(() => rowIds(view).length === keys.length, 3000, 'every key');
    search(view, keys[0].id.slice(0, 8));
    await waitFor(() => rowIds(view).length === 1, 3000, 'one match');
    expect(rowIds(view)).to.deep.equal([keys[0].id]);
    expect(location.hash, 'the dialog keeps its search to itself').to.not.contain('search=');

    click(view.find('.api-key-dialog .filter-tag[data-field="search"] button.remove'));
    await waitFor(() => rowIds(view).length === keys.length, 3000, 'every key again');
    await api('POST', URL);
    click(view.find('.api-key-dialog button.refresh'));
    await waitFor(() => rowIds(view).length === keys.length + 1, 3000, 'the key made elsewhere');
    for (const key of await serverKeys()) await api('DELETE', `${URL}${key.id}/`);
  });
});
