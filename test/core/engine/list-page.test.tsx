import { expect } from '@open-wc/testing';
import { defineResource } from '../../../src/core/resource/define.ts';
import { ListPage } from '../../../src/core/engine/list/ListPage.tsx';
import { i18n, loadLanguage } from '../../../src/core/i18n/index.ts';
import { text } from '../../helpers/dom.ts';
import type { FetchStub } from '../support/fetch-stub.ts';
import {
  answerConfirm,
  bodyOf,
  choose,
  cleanup,
  find,
  findAll,
  json,
  mount,
  params,
  serve,
  setAddress,
  toasts,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

const URL_ = '/api/v1/users/users/';
const ID1 = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';

const users = defineResource({
  name: 'User',
  url: URL_,
  path: '/users/users',
  list: { columns: ['name', 'username', 'role', 'is_valid', 'date_joined', 'actions'] },
});

const META = {
  actions: {
    GET: {
      name: { type: 'string', label: '名称', order: true },
      username: { type: 'string', label: '用户名', order: true, filter: true },
      role: {
        type: 'choice',
        label: '角色',
        filter: true,
        choices: [
          { value: 'Admin', display_name: '管理员' },
          { value: 'User', display_name: '用户' },
        ],
      },
      is_valid: { type: 'boolean', label: '有效', read_only: true },
      date_joined: { type: 'datetime', label: '创建日期', read_only: true },
    },
  },
};

const ROWS = [
  {
    id: ID1,
    name: 'Alice',
    username: 'alice',
    role: 'Admin',
    role_display: '超级管理员',
    is_valid: true,
    date_joined: '2020-09-16 19:55:18 +0800',
  },
  { id: ID2, name: 'Bob', username: 'bob', role: 'User', is_valid: false, date_joined: '2020-09-17 10:00:00 +0800' },
];

describe('ListPage', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  const lists = () => stub.sent.filter((r) => r.method === 'GET' && r.url.includes(URL_)).map(params);

  beforeEach(() => {
    setAddress('/users/users/');
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`GET ${URL_}`]: { count: 40, next: null, results: ROWS } });
  });
  afterEach(() => cleanup(stub, view));

  it('builds the columns from the metadata and shows the rows as a user reads them', async () => {
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID2}"]`);
    expect(findAll(view.root, 'th[data-prop]').map((th) => text(th).replace(/[⇅▲▼]/g, '').trim())).to.deep.equal([
      '名称',
      '用户名',
      '角色',
      '有效',
      '创建日期',
      '动作',
    ]);
    const first = find(view.root, `tr[data-id="${ID1}"]`);
    expect(find<HTMLAnchorElement>(first, 'a.detail-link').getAttribute('href')).to.equal(`#/users/users/${ID1}`);
    expect(text(find(first, 'td.role'))).to.equal('超级管理员');
    expect(text(find(view.root, `tr[data-id="${ID2}"] td.role`))).to.equal('用户');
    expect(find(first, 'td.is_valid [role="img"]').className).to.include('bool-true');
    expect(text(find(first, 'td.date_joined'))).to.equal('2020-09-16 19:55:18 +0800');
    expect(lists()[0]).to.deep.equal({ limit: '15', offset: '0', display: '1', draw: '1' });
    expect(stub.sent.find((r) => r.method === 'OPTIONS')!.url).to.contain(`${URL_}?draw=1&display=1`);
    expect(text(find(view.root, '.pager .total'))).to.equal('共 40 条');
    expect(findAll(view.root, '.pager button.page').map((b) => text(b))).to.deep.equal(['1', '2', '3']);
    find(view.root, 'button.create').click();
    expect(location.hash).to.equal('#/users/users/create');
  });

  it('turns a tag filter into an exact-match query saved in the address', async () => {
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    choose(find(view.root, 'select.filter-field'), 'role');
    const values = await waitForEl<HTMLSelectElement>(view.root, 'select.filter-value');
    expect([...values.options].map((o) => o.text)).to.deep.equal(['角色', '管理员', '用户']);
    choose(values, 'Admin');
    await waitFor(() => lists().some((p) => p.role === 'Admin'), 3000, 'a request filtered by role');
    expect(lists().at(-1)).to.include({ role: 'Admin', offset: '0' });
    expect(location.hash).to.equal('#/users/users/?role=Admin');
    expect(text(find(view.root, '.filter-tag'))).to.contain('角色: 管理员');
  });

  it('searches with a preset filter from the address', async () => {
    setAddress('/users/users/?search=%20ali%20&empty=');
    view = mount(<ListPage resource={users} params={{}} />);
    await waitFor(() => lists().length > 0, 3000, 'the list request');
    expect(lists()[0]).to.include({ search: 'ali' }).and.not.have.property('empty');
  });

  it('sorts by a clicked header and changes the page size', async () => {
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    find(view.root, 'th[data-prop="name"]').click();
    await waitFor(() => lists().at(-1)?.order === 'name', 3000, 'order=name');
    find(view.root, 'th[data-prop="name"]').click();
    await waitFor(() => lists().at(-1)?.order === '-name', 3000, 'order=-name');
    const before = lists().length;
    find(view.root, 'th[data-prop="role"]').click(); // not an ordering field: nothing is sent
    choose(find(view.root, 'select.page-size'), '30');
    await waitFor(() => lists().at(-1)?.limit === '30', 3000, 'limit=30');
    expect(lists().length).to.equal(before + 1);
    find(view.root, '.pager button.next').click();
    await waitFor(() => lists().at(-1)?.offset === '30', 3000, 'the second page of 30');
  });

  it('bulk-deletes the selected rows through an spm after confirming', async () => {
    stub.restore();
    stub = serve({
      [`OPTIONS ${URL_}`]: META,
      [`GET ${URL_}`]: { count: 2, results: ROWS },
      'POST /api/v1/common/resources/cache/': { spm: 'spm-123' },
      [`DELETE ${URL_}`]: () => new Response(null, { status: 204 }),
    });
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    find(view.root, 'input.select-all').click();
    find(view.root, '.header-actions .menu-item.action-bulkDelete').click();
    expect(await answerConfirm(true)).to.equal('你确定要删除 2 行 ?');
    await waitFor(() => stub.sent.some((r) => r.method === 'DELETE'), 3000, 'the bulk DELETE');
    const cache = stub.sent.find((r) => r.method === 'POST')!;
    expect(bodyOf(cache)).to.deep.equal({ resources: [ID1, ID2] });
    const del = stub.sent.find((r) => r.method === 'DELETE')!;
    expect(new URL(del.url, location.origin).pathname + new URL(del.url, location.origin).search).to.equal(
      `${URL_}?spm=spm-123`,
    );
    await waitFor(() => toasts().includes('success: 批量删除成功'), 3000, 'the success message');
  });

  it('asks in English too and reports a failed bulk delete with its reason', async () => {
    await loadLanguage('en'); // English comes in its own chunk (core/i18n)
    await i18n.changeLanguage('en');
    stub.restore();
    stub = serve({
      [`OPTIONS ${URL_}`]: META,
      [`GET ${URL_}`]: { count: 2, results: ROWS },
      'POST /api/v1/common/resources/cache/': { spm: 's' },
      [`DELETE ${URL_}`]: () => json(403, { detail: 'You do not have permission to perform this action.' }),
    });
    try {
      view = mount(<ListPage resource={users} params={{}} />);
      await waitForEl(view.root, `tr[data-id="${ID1}"]`);
      find(view.root, `tr[data-id="${ID2}"] input.select-row`).click();
      find(view.root, '.header-actions .menu-item.action-bulkDelete').click();
      expect(await answerConfirm(true)).to.equal('Are you sure to delete 1 rows ?');
      await waitFor(() => toasts().length > 0, 3000, 'a message');
      expect(toasts()).to.deep.equal(['error: Bulk delete failed: You do not have permission to perform this action.']);
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('shows a total of 0 and reports the error when the list fails to load', async () => {
    stub.restore();
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`GET ${URL_}`]: () => json(500, { detail: 'boom' }) });
    const errors: unknown[] = [];
    const events: Event[] = [];
    view = mount(<ListPage resource={users} params={{}} onError={(e) => errors.push(e)} />);
    (view.root.host as HTMLElement).addEventListener('error', (e) => events.push(e));
    await waitFor(() => errors.length === 1 && events.length === 1, 3000, 'the error callback and event');
    expect(text(find(view.root, '.pager .total'))).to.equal('共 0 条');
  });

  it('deletes one row after confirming its name', async () => {
    stub.restore();
    stub = serve({
      [`OPTIONS ${URL_}`]: META,
      [`GET ${URL_}`]: { count: 2, results: ROWS },
      [`DELETE ${URL_}${ID1}/`]: () => json(400, { msg: 'Cannot delete the admin' }),
    });
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    find(view.root, `tr[data-id="${ID1}"] button.action-delete`).click();
    expect(await answerConfirm(true)).to.equal('你确定要删除 "Alice" ?');
    await waitFor(() => toasts().length > 0, 3000, 'a message');
    expect(toasts()).to.deep.equal(['error: Cannot delete the admin']);
  });

  it('sends the date range as ISO date_from/date_to and puts extra row actions under More', async () => {
    const unblocked: string[] = [];
    const logs = defineResource({
      ...users,
      list: {
        ...users.list,
        dateRange: 7,
        rowActions: [
          {
            name: 'unblock',
            title: 'common.refresh',
            onClick: (row) => {
              unblocked.push(String(row.id));
            },
          },
        ],
      },
    });
    view = mount(<ListPage resource={logs} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID1}"]`);
    const first = lists()[0];
    const from = (find(view.root, 'input.date-from') as HTMLInputElement).value;
    expect(from).to.match(/^\d{4}-\d{2}-\d{2} 00:00:01$/);
    expect(first.date_from).to.equal(new Date(from.replace(' ', 'T')).toISOString());
    expect(first.date_to).to.match(/Z$/);
    const row = find(view.root, `tr[data-id="${ID1}"]`);
    expect(findAll(row, '.row-actions > button').map((b) => text(b))).to.deep.equal(['更新']);
    expect(findAll(row, '.more-actions .menu-item').map((b) => text(b))).to.deep.equal(['删除', '刷新']);
    find(row, '.more-actions .menu-item.action-unblock').click();
    expect(unblocked).to.deep.equal([ID1]);
  });
});
