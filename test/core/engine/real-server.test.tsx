// The engines against the running reference server (organisations: a full CRUD resource the
// server already has), as the super admin: what the metadata says is what the user sees.
import { expect } from '@open-wc/testing';
import { ListPage } from '../../../src/core/engine/list/ListPage.tsx';
import { ResourceForm } from '../../../src/core/engine/form/ResourceForm.tsx';
import { defineResource } from '../../../src/core/resource/define.ts';
import { text } from '../../helpers/dom.ts';
import { api, loginAs, logout } from '../../helpers/server.ts';
import {
  answerConfirm,
  cleanup,
  find,
  findAll,
  mount,
  setAddress,
  settle,
  slType,
  toasts,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

const URL_ = '/api/v1/orgs/orgs/';
const orgs = defineResource({
  name: 'Org',
  url: URL_,
  path: '/settings/orgs',
  list: { columns: ['name', 'comment', 'date_created', 'actions'] },
  form: { fields: ['name', 'comment'] },
});
type Meta = { actions: { GET: Record<string, { label: string }> } };

describe('engines against the reference server', () => {
  let view: Mounted | undefined;
  const unique = `engine-${Date.now()}`;
  before(() => loginAs('admin'));
  after(async () => {
    const left = await api<{ id: string }[]>('GET', `${URL_}?search=${unique}`);
    for (const org of left.data) await api('DELETE', `${URL_}${org.id}/`);
    await logout();
  });
  afterEach(() => cleanup(undefined, view));

  it('creates through the form: required message, a server 400 on the field, then success', async () => {
    const form = mount(<ResourceForm url={URL_} form={orgs.form} />);
    view = form;
    const name = await waitForEl(form.root, '.form-item[data-field="name"] sl-input');
    find(form.root, 'sl-button.submit').click();
    await waitForEl(form.root, '.form-item[data-field="name"] .field-error');
    expect(text(find(form.root, '.form-item[data-field="name"] .field-error'))).to.equal('这个字段是必填项');
    slType(name, 'DEFAULT', ['sl-input', 'sl-change']);
    await settle();
    find(form.root, 'sl-button.submit').click();
    const refused = await api<{ name: string[] }>('POST', URL_, { name: 'DEFAULT' });
    expect(refused.status).to.equal(400);
    const serverSays = refused.data.name.join('; ');
    await waitFor(
      () => text(find(form.root, '.form-item[data-field="name"] .field-error')) === serverSays,
      5000,
      'the server message',
    );
    slType(name, `  ${unique}  `, ['sl-input', 'sl-change']);
    await settle();
    find(form.root, 'sl-button.submit').click();
    await waitFor(() => toasts().includes('success: 创建成功'), 5000, 'the create message');
    const created = await api<{ name: string }[]>('GET', `${URL_}?search=${unique}`);
    expect(created.data.map((o) => o.name)).to.deep.equal([unique]);
  });

  it('lists with the server labels, finds the org by search and deletes it', async () => {
    const meta = await api<Meta>('OPTIONS', `${URL_}?draw=1&display=1`);
    setAddress(`/settings/orgs/?search=${unique}`);
    view = mount(<ListPage resource={orgs} params={{}} />);
    const cell = await waitFor(
      () => findAll(view!.root, 'a.detail-link').find((a) => text(a) === unique),
      5000,
      'the org row',
    );
    expect(
      findAll(view.root, 'th[data-prop]')
        .slice(0, 3)
        .map((th) => text(th).replace(/[⇅▲▼]/g, '').trim()),
    ).to.deep.equal(['name', 'comment', 'date_created'].map((f) => meta.data.actions.GET[f].label));
    expect(text(find(view.root, '.pager .total'))).to.equal('共 1 条');
    const row = cell.closest('tr')!;
    find(row, 'button.action-delete').click();
    expect(await answerConfirm(true)).to.equal(`你确定要删除 "${unique}" ?`);
    await waitFor(() => toasts().includes('success: 删除成功'), 5000, 'the delete message');
    await waitFor(() => text(find(view!.root, '.pager .total')) === '共 0 条', 5000, 'the emptied list');
  });
});
