// The asset form against the reference server: an asset created without choosing a node lands
// under the organisation's root node (the server refuses an empty node list).
import { expect } from '@open-wc/testing';
import { waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { click, fieldError, formControl, slType, waitForToast } from '../users/support.ts';
import { pickField } from '../perms/support.ts';
import { $lang } from '../../../src/core/stores/locale.ts';

const ASSETS = '/api/v1/assets/assets/';
const unique = `form${Date.now().toString(36)}`;
type Asset = { id: string; hostname: string; nodes: string[] };
type Node = { id: string; key: string };

describe('assets: the create form (real server)', () => {
  before(() => loginAs('admin'));
  // A console left mounted would move the shared address (its create returns to the list).
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    const made = await api<Asset[]>('GET', `${ASSETS}?search=${unique}`);
    for (const asset of made.data) await api('DELETE', `${ASSETS}${asset.id}/`);
    await resetConsole();
  });

  it('files an asset created without a node under the organisation root, and keeps the values of a refused save', async () => {
    const view = await mountConsole('/assets/assets/create');
    await waitForShell(view);
    await waitFor(() => formControl(view, 'hostname'), 8000, 'the form');
    const taken = await api('POST', ASSETS, { hostname: `${unique}-taken`, ip: '127.0.2.251', platform: 'Linux' });
    expect(taken.status).to.equal(201);
    slType(formControl(view, 'hostname'), `${unique}-taken`);
    slType(formControl(view, 'ip'), '127.0.2.250');
    click(view.find('.form-page sl-button.submit'));
    await waitFor(() => fieldError(view, 'hostname') !== '', 5000, 'the server refusing the taken hostname');
    expect((formControl(view, 'ip') as unknown as { value: string }).value, 'typed values kept').to.equal(
      '127.0.2.250',
    );

    slType(formControl(view, 'hostname'), `${unique}-a`);
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');
    expect(fieldError(view, 'nodes'), 'no complaint about an empty node list').to.equal('');

    const created = await api<Asset[]>('GET', `${ASSETS}?hostname=${unique}-a`);
    expect(created.data).to.have.length(1);
    const root = await api<Node[]>('GET', '/api/v1/assets/nodes/?key=1');
    expect(created.data[0].nodes).to.deep.equal([root.data[0].id]);
  });

  it('says on the form that an asset without an admin user is never checked, until one is chosen', async () => {
    const adminUser = await api<{ id: string; name: string }>('POST', '/api/v1/assets/admin-users/', {
      name: `${unique}-admin`,
      username: 'root',
      password: 'Admin-pass-1',
    });
    expect(adminUser.status).to.equal(201);
    try {
      const view = await mountConsole('/assets/assets/create');
      await waitForShell(view);
      await waitFor(() => formControl(view, 'hostname'), 8000, 'the form');
      const note = () => view.textOf('.form-item[data-field="admin_user"] .field-note');
      await waitFor(() => note() !== '', 3000, 'the note');
      expect(note()).to.equal('未选择管理用户：服务器不会检测此资产的可连接性和硬件信息，可连接性将一直显示为未知');
      await pickField(view, 'admin_user', adminUser.data.name);
      await waitFor(() => note() === '', 3000, 'the note gone once an admin user is chosen');
      click(view.find('.form-item[data-field="admin_user"] .chip .remove'));
      await waitFor(() => note() !== '', 3000, 'the note back');
      $lang.set('en');
      await view.waitForText(
        '.form-item[data-field="admin_user"] .field-note',
        "No admin user: the server never checks this asset's connectivity or hardware, so its connectivity stays Unknown",
        8000,
      );
    } finally {
      await api('DELETE', `/api/v1/assets/admin-users/${adminUser.data.id}/`);
    }
  });

  it('says a second port for ssh is a duplicate protocol, not a wrong format', async () => {
    const view = await mountConsole('/assets/assets/create');
    await waitForShell(view);
    const input = await waitFor(
      () => view.find<HTMLInputElement>('.form-item[data-field="protocols"] input'),
      8000,
      'the protocols field',
    );
    const chips = () =>
      view
        .findAll('.form-item[data-field="protocols"] .chip')
        .map((chip) => (chip.textContent ?? '').replace('×', '').trim());
    await waitFor(() => chips().includes('ssh/22'), 5000, 'the default ssh/22');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'ssh/38022');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => fieldError(view, 'protocols') !== '', 3000, 'the complaint');
    expect(fieldError(view, 'protocols')).to.equal('ssh 已有一个端口：每个协议只能填一次，请修改已有的那一个');
    expect(
      view.find('.form-item[data-field="protocols"] .chip .remove')?.getAttribute('aria-label'),
      "each chip's × is named",
    ).to.equal('移除 ssh/22');
  });

  it('names the asset’s nodes by their full path and its labels as name:value on the detail page', async () => {
    const node = await api<{ id: string; full_value: string }>('POST', '/api/v1/assets/nodes/', {
      value: `${unique}-node`,
    });
    const label = await api<{ id: string }>('POST', '/api/v1/assets/labels/', { name: `${unique}-env`, value: 'prod' });
    expect([node.status, label.status]).to.deep.equal([201, 201]);
    const asset = await api<Asset>('POST', ASSETS, {
      hostname: `${unique}-b`,
      ip: '127.0.2.252',
      platform: 'Linux',
      nodes: [node.data.id],
      labels: [label.data.id],
    });
    expect(asset.status).to.equal(201);
    const view = await mountConsole(`/assets/assets/${asset.data.id}`);
    await waitForShell(view);
    const names = () =>
      view.findAll('.relation-card .member').map((m) => (m.textContent ?? '').replace(/移除$/, '').trim());
    await waitFor(() => names().length === 2 && !names().some((n) => /^[0-9a-f-]{36}$/.test(n)), 8000, 'named members');
    expect(names()).to.deep.equal([node.data.full_value, `${unique}-env:prod`]);
    await api('DELETE', `${ASSETS}${asset.data.id}/`);
    await api('DELETE', `/api/v1/assets/labels/${label.data.id}/`);
    await api('DELETE', `/api/v1/assets/nodes/${node.data.id}/`);
  });
});
