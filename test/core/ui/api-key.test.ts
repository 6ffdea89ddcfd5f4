// The API Key dialog against the caller's real access keys.
import { expect } from '@open-wc/testing';
import { api, loginAs } from '../../helpers/server.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { mountConsole, resetConsole, typeInto, waitForShell, type MountedConsole } from '../../elements/support/console-fixture.ts';

const URL = '/api/v1/authentication/access-keys/';
type Key = { id: string; secret: string; is_active: boolean };

async function serverKeys(): Promise<Key[]> {
  const response = await api<{ results: Key[] }>('GET', `${URL}?limit=100&offset=0`);
  return response.data.results;
}

async function openDialog(view: MountedConsole): Promise<HTMLElement> {
  const item = view.findAll('.account-menu sl-menu-item').find((node) => text(node) === 'API Key');
  (item as HTMLElement).click();
  return waitFor(() => view.find<HTMLElement>('sl-dialog.api-key-dialog'), 2000, 'the dialog');
}

const rowIds = (view: MountedConsole) => view.findAll('.api-key-dialog tr.access-key').map((row) => row.getAttribute('data-id'));
const row = (view: MountedConsole, id: string) => view.find(`.api-key-dialog tr.access-key[data-id="${id}"]`)!;

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

    (view.find('.api-key-dialog sl-button.create') as HTMLElement).click();
    await waitFor(() => rowIds(view).length === 1, 3000, 'the new key');
    const [created] = await serverKeys();
    expect(rowIds(view)).to.deep.equal([created.id]);
    expect(text(row(view, created.id)), 'secret hidden until asked').to.not.contain(created.secret);

    (row(view, created.id).querySelector('sl-button.show-secret') as HTMLElement).click();
    await view.waitForText(`tr[data-id="${created.id}"] .secret`, created.secret);

    (row(view, created.id).querySelector('sl-button.toggle') as HTMLElement).click();
    await view.waitForText(`tr[data-id="${created.id}"] .active`, '否');
    expect((await serverKeys())[0].is_active).to.equal(false);

    (row(view, created.id).querySelector('sl-button.delete') as HTMLElement).click();
    await view.waitForText('.confirm-dialog .confirm-message', `你确定要删除 "${created.id}" ?`);
    (view.find('.confirm-dialog .confirm-ok') as HTMLElement).click();
    await view.waitForText('.toasts .toast-success', '删除成功');
    await waitFor(() => rowIds(view).length === 0, 2000, 'the row to go');
    expect(await serverKeys()).to.deep.equal([]);
  });

  it('searches by key id prefix', async () => {
    await loginAs('sysauditor');
    await api('POST', URL);
    await api('POST', URL);
    const keys = await serverKeys();
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await openDialog(view);
    await waitFor(() => rowIds(view).length === keys.length, 3000, 'every key');
    const search = view.find('.api-key-dialog sl-input.search');
    await typeInto(search, keys[0].id.slice(0, 8));
    search!.dispatchEvent(new Event('sl-change', { bubbles: true, composed: true }));
    await waitFor(() => rowIds(view).length === 1, 3000, 'one match');
    expect(rowIds(view)).to.deep.equal([keys[0].id]);
    for (const key of keys) await api('DELETE', `${URL}${key.id}/`);
  });
});
