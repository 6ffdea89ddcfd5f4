import { expect } from '@open-wc/testing';
import { DetailPage } from '../../../src/core/engine/detail/DetailPage.tsx';
import { defineResource } from '../../../src/core/resource/define.ts';
import { http } from '../../../src/core/http.ts';
import { removeCookie } from '../../../src/core/cookies.ts';
import { toast } from '../../../src/core/stores/notify.ts';
import { text } from '../../helpers/dom.ts';
import type { FetchStub } from '../support/fetch-stub.ts';
import {
  answerConfirm,
  bodyOf,
  cleanup,
  find,
  findAll,
  json,
  mount,
  serve,
  setAddress,
  toasts,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

const URL_ = '/api/v1/users/groups/';
const ID = '00000000-0000-4000-8000-0000000000c1';
const META = {
  actions: {
    GET: {
      name: { type: 'string', label: '名称' },
      comment: { type: 'string', label: '备注' },
      is_default: { type: 'boolean', label: '默认' },
    },
  },
};

function Members() {
  return <p className="members-tab">members</p>;
}

const groups = defineResource({
  name: 'UserGroup',
  url: URL_,
  path: '/users/groups',
  list: { columns: ['name', 'comment', 'actions'] },
  detail: {
    fields: ['name', 'comment', 'is_default'],
    tabs: [{ name: 'members', title: 'engine.detail.members', component: Members }],
    quickActions: (object, reload) => [
      {
        title: 'engine.detail.add',
        kind: 'button',
        button: 'engine.detail.add',
        onChange: async () => {
          await http.patch(`${URL_}${object.id}/`, { comment: 'quick' });
          toast.success('done');
          reload();
        },
      },
    ],
    relations: [
      {
        title: 'engine.detail.members',
        selectUrl: '/api/v1/users/users/',
        members: (object) => (object.users as { id: string; name: string }[]) ?? [],
        add: (object, ids) =>
          http.post(
            '/api/v1/users/users-groups-relations/',
            ids.map((user) => ({ user, usergroup: object.id })),
          ),
        remove: () => Promise.reject(new Error('denied')),
      },
    ],
  },
});

describe('DetailPage', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  const routes: Record<string, unknown> = {};
  beforeEach(() => {
    setAddress(`/users/groups/${ID}`);
    Object.assign(routes, {
      [`OPTIONS ${URL_}`]: META,
      [`GET ${URL_}${ID}/`]: {
        id: ID,
        name: 'x'.repeat(90),
        comment: '<b>hi</b>',
        is_default: true,
        users: [{ id: 'u1', name: 'Alice' }],
      },
      'GET /api/v1/users/users/': { count: 1, next: null, results: [{ id: 'u2', name: 'Bob' }] },
    });
    stub = serve(routes);
  });
  afterEach(() => {
    removeCookie('activeTab');
    cleanup(stub, view);
    for (const key of Object.keys(routes)) delete routes[key];
  });

  it('GETs /api/v1 + the page path and shows the object as text with a truncated title', async () => {
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    await waitForEl(view.root, '.detail-card td');
    expect(stub.sent.some((r) => r.method === 'GET' && r.url.endsWith(`${URL_}${ID}/`))).to.equal(true);
    const title = text(find(view.root, 'h2.title'));
    expect(title).to.equal(`${`用户组详情: ${'x'.repeat(90)}`.slice(0, 80)}...`);
    expect(findAll(view.root, '.detail-card tr').map((tr) => text(tr))).to.deep.equal([
      `名称 ${'x'.repeat(90)}`,
      '备注 <b>hi</b>',
      '默认 是',
    ]);
    expect(findAll(view.root, '.detail-card b')).to.have.length(0);
  });

  it('says the resource is lost on a 404', async () => {
    routes[`GET ${URL_}${ID}/`] = () => json(404, { detail: 'UserGroup object does not exist.' });
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    await waitForEl(view.root, '.problem');
    expect(text(find(view.root, '.problem'))).to.equal('没有找到对应资源或者已被删除');
    expect(toasts()).to.deep.equal(['error: 没有找到对应资源或者已被删除']);
  });

  it('opens the tab named in the address and remembers a switch', async () => {
    setAddress(`/users/groups/${ID}?activeTab=members`);
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    await waitForEl(view.root, '.members-tab');
    find(view.root, 'button[data-tab="info"]').click();
    await waitForEl(view.root, '.detail-card');
    expect(location.hash).to.equal(`#/users/groups/${ID}?activeTab=info`);
    expect(document.cookie).to.contain('activeTab=info');
  });

  it('draws its tabs as an ARIA tab list: one Tab stop, arrows move and show, each tab controls the named panel', async () => {
    setAddress(`/users/groups/${ID}?activeTab=info`);
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    await waitForEl(view.root, '.detail-card');
    const list = find(view.root, '[role="tablist"]');
    expect(list.getAttribute('aria-label'), 'named by the page title').to.contain('用户组详情');
    const tabs = () => findAll<HTMLElement>(view!.root, '[role="tab"]');
    expect(tabs().map((tab) => tab.tabIndex)).to.deep.equal([0, -1]);
    const panel = find(view.root, '[role="tabpanel"]');
    expect(tabs().every((tab) => tab.getAttribute('aria-controls') === panel.id)).to.equal(true);
    expect(panel.getAttribute('aria-labelledby')).to.equal(tabs()[0].id);
    tabs()[0].focus();
    tabs()[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    await waitForEl(view.root, '.members-tab');
    expect(tabs().map((tab) => [tab.getAttribute('aria-selected'), tab.tabIndex])).to.deep.equal([
      ['false', -1],
      ['true', 0],
    ]);
    expect(view.root.activeElement, 'focus follows the arrow').to.equal(tabs()[1]);
    expect(find(view.root, '[role="tabpanel"]').getAttribute('aria-labelledby')).to.equal(tabs()[1].id);
    tabs()[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    await waitForEl(view.root, '.detail-card');
    expect(view.root.activeElement, 'it wraps round to the first').to.equal(tabs()[0]);
  });

  it('goes to the update route and deletes after confirming, then returns to the list', async () => {
    routes[`DELETE ${URL_}${ID}/`] = () => new Response(null, { status: 204 });
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    await waitForEl(view.root, 'sl-button.update');
    find(view.root, 'sl-button.update').click();
    expect(location.hash).to.equal(`#/users/groups/${ID}/update`);
    find(view.root, 'sl-button.delete').click();
    expect(await answerConfirm(true)).to.equal(`你确定要删除 "${'x'.repeat(90)}" ?`);
    await waitFor(() => location.hash === '#/users/groups', 3000, 'the list route');
    expect(toasts()).to.include('success: 删除成功');
  });

  it('adds members through the relation card and reports a failed removal', async () => {
    routes['POST /api/v1/users/users-groups-relations/'] = () => json(201, []);
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    const input = await waitForEl<HTMLInputElement>(view.root, '.relation-card input.combo-input');
    // The members come in their own request, after the card is drawn (on a busy machine, well after).
    expect(text(await waitForEl(view.root, '.relation-card .member'))).to.contain('Alice');
    input.click(); // a click opens it whether or not the page's window has the focus (busy runs)
    (await waitForEl(view.root, '.relation-card li[role="option"]')).click();
    await waitForEl(view.root, '.relation-card .chip[data-value="u2"]');
    // The choice closed the list: a mouse reaches the Add button it covered while open.
    const add = find(view.root, '.relation-card sl-button.add');
    const box = add.getBoundingClientRect();
    const hit = view.root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(hit === add || add.contains(hit), `the point of Add shows ${hit?.outerHTML.slice(0, 60)}`).to.equal(true);
    add.click();
    await waitFor(() => toasts().includes('success: 添加成功'), 3000, 'the add message');
    expect(bodyOf(stub.sent.find((r) => r.method === 'POST')!)).to.deep.equal([{ user: 'u2', usergroup: ID }]);
    find(view.root, '.relation-card .member sl-button.remove').click();
    await waitFor(() => toasts().includes('error: 移除失败: denied'), 3000, 'the remove failure');
  });

  it('runs quick actions', async () => {
    routes[`PATCH ${URL_}${ID}/`] = () => json(200, {});
    view = mount(<DetailPage resource={groups} params={{ id: ID }} />);
    const button = await waitForEl(view.root, '.quick-actions sl-button');
    button.click();
    await waitFor(() => toasts().includes('success: done'), 3000, 'the quick action');
    expect(bodyOf(stub.sent.find((r) => r.method === 'PATCH')!)).to.deep.equal({ comment: 'quick' });
  });
});
