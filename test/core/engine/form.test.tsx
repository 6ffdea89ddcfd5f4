import { expect } from '@open-wc/testing';
import { ResourceForm } from '../../../src/core/engine/form/ResourceForm.tsx';
import { FormPage } from '../../../src/core/engine/form/FormPage.tsx';
import { defineResource, type FormDefinition } from '../../../src/core/resource/define.ts';
import { text } from '../../helpers/dom.ts';
import type { FetchStub } from '../support/fetch-stub.ts';
import {
  bodyOf,
  cleanup,
  find,
  findAll,
  json,
  mount,
  params,
  serve,
  setAddress,
  settle,
  slType,
  toasts,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

const URL_ = '/api/v1/users/users/';
const ID = '00000000-0000-4000-8000-0000000000b1';
const FIELDS = {
  name: { type: 'string', label: '名称', required: true, max_length: 128 },
  email: { type: 'email', label: '邮箱', required: true, max_length: 128 },
  role: {
    type: 'choice',
    label: '角色',
    choices: [
      { value: 'Admin', display_name: '管理员' },
      { value: 'User', display_name: '用户' },
    ],
  },
  groups: { type: 'list', label: '用户组', child: { type: 'field' } },
  comment: { type: 'string', label: '备注' },
};
const META = { actions: { POST: FIELDS, PUT: FIELDS } };
const form: FormDefinition = {
  fields: ['name', 'email', 'role', 'groups', 'comment'],
  overrides: { groups: { remote: { url: '/api/v1/users/groups/' } } },
  initial: { role: 'User' },
};
const GROUPS = {
  count: 12,
  next: 'http://x/?offset=10',
  results: [
    { id: 'g1', name: 'ops' },
    { id: 'g2', name: 'dev' },
  ],
};

const item = (root: ParentNode, id: string) => find(root, `.form-item[data-field="${id}"]`);
const control = (root: ParentNode, id: string) => find(item(root, id), 'sl-input, sl-textarea');

describe('ResourceForm', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  const routes: Record<string, unknown> = {};
  beforeEach(() => {
    Object.assign(routes, { [`OPTIONS ${URL_}`]: META, 'GET /api/v1/users/groups/': GROUPS });
    stub = serve(routes);
  });
  afterEach(() => {
    cleanup(stub, view);
    for (const key of Object.keys(routes)) delete routes[key];
  });

  it('builds the widgets from the POST metadata', async () => {
    view = mount(<ResourceForm url={URL_} form={form} />);
    await waitForEl(view.root, '.form-item[data-field="comment"]');
    expect(findAll(view.root, '.form-item > label').map((l) => text(l))).to.deep.equal([
      '名称',
      '邮箱',
      '角色',
      '用户组',
      '备注',
    ]);
    expect(control(view.root, 'email').getAttribute('type')).to.equal('email');
    // Radio groups and text areas load on first use (a separate chunk): wait for them like a user would.
    expect(await waitForEl(item(view.root, 'role'), 'sl-radio-group')).to.exist;
    await waitForEl(item(view.root, 'comment'), 'sl-textarea');
    expect(control(view.root, 'comment').tagName).to.equal('SL-TEXTAREA');
    expect((control(view.root, 'comment') as unknown as { rows: number }).rows).to.equal(3);
  });

  it('says a required field is required when the user leaves it empty', async () => {
    view = mount(<ResourceForm url={URL_} form={form} />);
    const name = await waitForEl(view.root, '.form-item[data-field="name"] sl-input');
    slType(name, '   ', ['sl-input', 'sl-change', 'sl-blur']);
    await waitForEl(item(view.root, 'name'), '.field-error');
    expect(text(find(item(view.root, 'name'), '.field-error'))).to.equal('这个字段是必填项');
  });

  it('does not send an invalid form and reports it', async () => {
    const invalid: Record<string, string>[] = [];
    view = mount(<ResourceForm url={URL_} form={form} onInvalid={(e) => invalid.push(e)} />);
    await waitForEl(view.root, 'sl-button.submit');
    slType(control(view.root, 'name'), 'alice', ['sl-input', 'sl-change']);
    await settle();
    find(view.root, 'sl-button.submit').click();
    await waitFor(() => invalid.length === 1, 3000, 'the invalid callback');
    expect(invalid[0]).to.deep.equal({ email: '这个字段是必填项' });
    expect(stub.sent.some((r) => r.method === 'POST')).to.equal(false);
  });

  it('POSTs trimmed values, puts 400 messages on their fields and keeps what was typed', async () => {
    routes[`POST ${URL_}`] = () =>
      json(400, { email: ['Enter a valid email address.', 'Already used.'], non_field_errors: ['Try again'] });
    view = mount(<ResourceForm url={URL_} form={form} />);
    await waitForEl(view.root, 'sl-button.submit');
    slType(control(view.root, 'name'), '  alice  ', ['sl-input', 'sl-change']);
    slType(control(view.root, 'email'), 'a@b', ['sl-input', 'sl-change']);
    await settle();
    find(view.root, 'sl-button.submit').click();
    await waitForEl(item(view.root, 'email'), '.field-error');
    const post = stub.sent.find((r) => r.method === 'POST')!;
    expect(bodyOf(post)).to.deep.equal({ name: 'alice', email: 'a@b', role: 'User', groups: [], comment: '' });
    expect(text(find(item(view.root, 'email'), '.field-error'))).to.equal(
      'Enter a valid email address.; Already used.',
    );
    expect(text(find(view.root, '.form-error'))).to.equal('Try again');
    expect((control(view.root, 'email') as unknown as { value: string }).value).to.equal('a@b');
    expect((control(view.root, 'name') as unknown as { value: string }).value).to.equal('alice');
  });

  it('GETs the object, then PUTs <url><id>/ when there is an id', async () => {
    routes[`GET ${URL_}${ID}/`] = { id: ID, name: 'bob', email: 'b@x.io', role: 'Admin', groups: ['g1'], comment: 'c' };
    routes[`PUT ${URL_}${ID}/`] = (request: { body: unknown }) => json(200, JSON.parse(String(request.body)));
    const saved: string[] = [];
    view = mount(<ResourceForm url={URL_} id={ID} form={form} onSuccess={(_, method) => saved.push(method)} />);
    await waitForEl(view.root, '.form-item[data-field="groups"] .chip');
    // The chip holds the id until the group names arrive (two calls racing): wait as a reader would.
    const groups = item(view.root, 'groups');
    await waitFor(() => text(find(groups, '.chip')).includes('ops'), 3000, 'the group name on the chip');
    find(view.root, 'sl-button.submit').click();
    await waitFor(() => saved.length === 1, 3000, 'the save');
    expect(saved).to.deep.equal(['put']);
    expect(bodyOf(stub.sent.find((r) => r.method === 'PUT')!)).to.deep.equal({
      name: 'bob',
      email: 'b@x.io',
      role: 'Admin',
      groups: ['g1'],
      comment: 'c',
    });
    expect(toasts()).to.include('success: 更新成功');
  });

  it('pages a remote select with search, offset and limit=10', async () => {
    view = mount(<ResourceForm url={URL_} form={form} />);
    const input = await waitForEl<HTMLInputElement>(view.root, '.form-item[data-field="groups"] input.combo-input');
    input.click(); // a click opens it whether or not the page's window has the focus (busy runs)
    const option = await waitForEl(item(view.root, 'groups'), 'li[role="option"]');
    const selects = () => stub.sent.filter((r) => r.url.includes('/api/v1/users/groups/')).map(params);
    expect(selects()[0]).to.deep.equal({ offset: '0', limit: '10' });
    option.click();
    await waitForEl(item(view.root, 'groups'), '.chip[data-value="g1"]');
    input.click(); // a choice closed the list; a click opens it again
    (await waitForEl(item(view.root, 'groups'), 'li.more')).click();
    await waitFor(() => selects().some((p) => p.offset === '2'), 3000, 'the next page');
  });
});

describe('ResourceForm overrides', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  afterEach(() => cleanup(stub, view));

  it('shows and sends a field only while its enableWhen holds, with overridden labels and rules', async () => {
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`POST ${URL_}`]: () => json(201, {}) });
    const conditional: FormDefinition = {
      fields: ['role', 'comment'],
      initial: { role: 'User' },
      overrides: {
        comment: {
          label: 'Why',
          enableWhen: (values) => values.role === 'Admin',
          rules: [(value) => (String(value).length < 3 ? 'Too short' : undefined)],
        },
      },
    };
    view = mount(<ResourceForm url={URL_} form={conditional} />);
    const group = await waitForEl(view.root, '.form-item[data-field="role"] sl-radio-group');
    expect(findAll(view.root, '.form-item[data-field="comment"]')).to.have.length(0);
    slType(group, 'Admin', ['sl-change']);
    const why = await waitForEl(view.root, '.form-item[data-field="comment"] sl-textarea');
    expect(text(find(item(view.root, 'comment'), 'label'))).to.equal('Why');
    slType(why, 'no', ['sl-input']);
    await waitForEl(item(view.root, 'comment'), '.field-error');
    expect(text(find(item(view.root, 'comment'), '.field-error'))).to.equal('Too short');
    slType(why, 'because', ['sl-input', 'sl-change']);
    await settle();
    find(view.root, 'sl-button.submit').click();
    await waitFor(() => stub.sent.some((r) => r.method === 'POST'), 3000, 'the POST');
    expect(bodyOf(stub.sent.find((r) => r.method === 'POST')!)).to.deep.equal({ role: 'Admin', comment: 'because' });
  });
});

describe('FormPage', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  afterEach(() => cleanup(stub, view));

  it('creates, says so and returns to the list after 100 ms', async () => {
    setAddress('/users/users/create');
    stub = serve({
      [`OPTIONS ${URL_}`]: { actions: { POST: { name: FIELDS.name } } },
      [`POST ${URL_}`]: () => json(201, { id: ID }),
    });
    const users = defineResource({
      name: 'User',
      url: URL_,
      path: '/users/users',
      list: { columns: ['name'] },
      form: { fields: ['name'] },
    });
    view = mount(<FormPage resource={users} params={{}} />);
    await waitForEl(view.root, 'sl-button.submit');
    expect(text(find(view.root, 'h2'))).to.equal('创建用户');
    slType(control(view.root, 'name'), 'carol', ['sl-input', 'sl-change']);
    await settle();
    find(view.root, 'sl-button.submit').click();
    await waitFor(() => toasts().includes('success: 创建成功'), 3000, 'the create message');
    expect(location.hash).to.equal('#/users/users/create');
    await waitFor(() => location.hash === '#/users/users', 1000, 'the list route');
  });
});
