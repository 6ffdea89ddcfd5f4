// What the form takes from the metadata and the definition beyond plain widgets: OPTIONS defaults
// (create only), titled sections, inline short choice groups and the YYYY-MM-DD HH:MM:SS date-time.
import { expect } from '@open-wc/testing';
import { EngineStyle } from '../../../src/core/engine/EngineStyle.tsx';
import { ResourceForm } from '../../../src/core/engine/form/ResourceForm.tsx';
import type { FormDefinition } from '../../../src/core/resource/define.ts';
import { formatServer } from '../../../src/core/resource/datetime.ts';
import { registerMessages } from '../../../src/core/i18n/index.ts';
import { text } from '../../helpers/dom.ts';
import type { FetchStub } from '../support/fetch-stub.ts';
import {
  bodyOf,
  cleanup,
  find,
  findAll,
  json,
  mount,
  serve,
  settle,
  slType,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

const URL_ = '/api/v1/users/users/';
const ID = '00000000-0000-4000-8000-0000000000c1';
const EXPIRY = '2096-11-24 08:00:00 +0800';
const FIELDS = {
  name: { type: 'string', label: '名称', required: true, max_length: 128 },
  role: {
    type: 'choice',
    label: '角色',
    default: 'User',
    choices: [
      { value: 'Admin', display_name: '管理员' },
      { value: 'Auditor', display_name: '审计员' },
      { value: 'User', display_name: '用户' },
    ],
  },
  mfa_level: {
    type: 'choice',
    label: '多因子认证',
    default: 0,
    choices: [
      { value: 0, display_name: '禁用' },
      { value: 1, display_name: '启用' },
      { value: 2, display_name: '强制启用' },
    ],
  },
  date_expired: { type: 'datetime', label: '失效日期', default: EXPIRY },
  phone: { type: 'string', label: '手机', max_length: 20 },
};
const META = { actions: { POST: FIELDS, PUT: FIELDS } };
registerMessages({
  zh: { test: { account: '账户', security: '安全' } },
  en: { test: { account: 'Account', security: 'Security' } },
});
const form: FormDefinition = {
  groups: [
    { title: 'test.account', items: ['name', 'phone'] },
    { title: 'test.security', items: ['role', 'mfa_level', 'date_expired'] },
  ],
};

const item = (root: ParentNode, id: string) => find(root, `.form-item[data-field="${id}"]`);
const valueOf = (el: Element) => (el as unknown as { value: unknown }).value;
const dateInput = (root: ParentNode) => find(item(root, 'date_expired'), '.datetime-input sl-input');
/** The wall time a server value shows in this browser's zone. */
const localOf = (value: string) =>
  formatServer(new Date(value.replace(' ', 'T').replace(/ ?([+-]\d{2})(\d{2})$/, '$1:$2'))).slice(0, 19);

describe('ResourceForm and the metadata', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  const routes: Record<string, unknown> = {};
  beforeEach(() => {
    Object.assign(routes, { [`OPTIONS ${URL_}`]: META });
    stub = serve(routes);
  });
  afterEach(() => {
    cleanup(stub, view);
    for (const key of Object.keys(routes)) delete routes[key];
  });

  it('starts a create form with the OPTIONS defaults and sends them', async () => {
    routes[`POST ${URL_}`] = () => json(201, {});
    view = mount(<ResourceForm url={URL_} form={form} />);
    const role = await waitForEl(view.root, '.form-item[data-field="role"] sl-radio-group');
    expect(valueOf(role)).to.equal('User');
    expect(valueOf(find(item(view.root, 'mfa_level'), 'sl-radio-group'))).to.equal('0');
    // Shown in this browser's zone, in the spec's format, with that format as the placeholder.
    expect(valueOf(dateInput(view.root))).to.equal(localOf(EXPIRY));
    expect((dateInput(view.root) as unknown as { placeholder: string }).placeholder).to.equal('YYYY-MM-DD HH:MM:SS');
    slType(find(item(view.root, 'name'), 'sl-input'), 'alice', ['sl-input', 'sl-change']);
    await settle();
    find(view.root, 'sl-button.submit').click();
    await waitFor(() => stub.sent.some((r) => r.method === 'POST'), 3000, 'the POST');
    const body = bodyOf(stub.sent.find((r) => r.method === 'POST')!);
    expect(body).to.include({ name: 'alice', role: 'User', mfa_level: 0, phone: '' });
    expect(new Date(body.date_expired.replace(' ', 'T').replace(/ ?([+-]\d{2})(\d{2})$/, '$1:$2')).getTime()).to.equal(
      new Date('2096-11-24T08:00:00+08:00').getTime(),
    );
  });

  it('does not put defaults into an update form: a field the object lacks stays empty', async () => {
    routes[`GET ${URL_}${ID}/`] = { id: ID, name: 'bob', role: 'Admin', date_expired: null };
    view = mount(<ResourceForm url={URL_} id={ID} form={form} />);
    const name = await waitForEl(view.root, '.form-item[data-field="name"] sl-input');
    await waitFor(() => valueOf(name) === 'bob', 3000, 'the object');
    await waitForEl(view.root, '.form-item[data-field="mfa_level"] sl-radio-group');
    expect(valueOf(find(item(view.root, 'role'), 'sl-radio-group'))).to.equal('Admin');
    expect(valueOf(find(item(view.root, 'mfa_level'), 'sl-radio-group'))).to.equal('');
    expect(valueOf(dateInput(view.root))).to.equal('');
  });

  it('groups fields into titled sections and lays short choice groups out on one line', async () => {
    // The engine's CSS comes with each page (FormPage, dialogs) as a <style>; mounted bare, the form needs it too.
    view = mount(
      <>
        <EngineStyle />
        <ResourceForm url={URL_} form={form} />
      </>,
    );
    await waitForEl(view.root, '.form-item[data-field="role"] sl-radio');
    expect(findAll(view.root, 'fieldset > legend').map((legend) => text(legend))).to.deep.equal(['账户', '安全']);
    expect(
      findAll(find(view.root, 'fieldset:nth-of-type(2)'), '.form-item').map((el) => el.getAttribute('data-field')),
    ).to.deep.equal(['role', 'mfa_level', 'date_expired']);
    const radios = findAll<HTMLElement>(item(view.root, 'role'), 'sl-radio');
    await waitFor(
      () => radios.length === 3 && radios.every((r) => r.getBoundingClientRect().width > 0),
      3000,
      'three drawn radios',
    );
    const tops = radios.map((radio) => Math.round(radio.getBoundingClientRect().top));
    expect(new Set(tops).size, `radio tops ${tops.join(',')}`).to.equal(1);
  });

  it('reads a typed YYYY-MM-DD HH:MM:SS, refuses other text and keeps every value when the save fails', async () => {
    routes[`POST ${URL_}`] = () => json(400, { name: ['Already used.'] });
    view = mount(<ResourceForm url={URL_} form={form} />);
    await waitForEl(view.root, '.form-item[data-field="role"] sl-radio-group');
    slType(find(item(view.root, 'name'), 'sl-input'), 'carol', ['sl-input', 'sl-change']);
    slType(find(item(view.root, 'phone'), 'sl-input'), '13900000000', ['sl-input', 'sl-change']);
    slType(find(item(view.root, 'role'), 'sl-radio-group'), 'Auditor', ['sl-change']);
    slType(dateInput(view.root), '12/31/2030', ['sl-input', 'sl-change']);
    await waitForEl(view.root, '.form-item[data-field="date_expired"] .field-error');
    expect(text(find(item(view.root, 'date_expired'), '.field-error'))).to.equal('请按 YYYY-MM-DD HH:MM:SS 格式填写');
    find(view.root, 'sl-button.submit').click();
    await settle();
    expect(
      stub.sent.some((r) => r.method === 'POST'),
      'nothing sent while the date is unreadable',
    ).to.equal(false);

    slType(dateInput(view.root), '2030-12-31 23:59:58', ['sl-input', 'sl-change']);
    await settle();
    find(view.root, 'sl-button.submit').click();
    await waitForEl(view.root, '.form-item[data-field="name"] .field-error');
    const body = bodyOf(stub.sent.find((r) => r.method === 'POST')!);
    expect(body.date_expired).to.equal(formatServer(new Date(2030, 11, 31, 23, 59, 58)));
    expect(body).to.include({ name: 'carol', phone: '13900000000', role: 'Auditor', mfa_level: 0 });
    expect(valueOf(find(item(view.root, 'name'), 'sl-input'))).to.equal('carol');
    expect(valueOf(find(item(view.root, 'phone'), 'sl-input'))).to.equal('13900000000');
    expect(valueOf(find(item(view.root, 'role'), 'sl-radio-group'))).to.equal('Auditor');
    expect(valueOf(dateInput(view.root))).to.equal('2030-12-31 23:59:58');
  });
});
