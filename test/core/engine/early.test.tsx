import { expect } from '@open-wc/testing';
import { clearEarly, sendEarly, take } from '../../../src/core/engine/early.ts';
import { ListPage } from '../../../src/core/engine/list/ListPage.tsx';
import { http } from '../../../src/core/http.ts';
import { lazyResourceRoutes } from '../../../src/core/engine/lazy-routes.ts';
import { resourceRoutes } from '../../../src/core/engine/resource-routes.ts';
import { defineResource } from '../../../src/core/resource/define.ts';
import { $currentOrg } from '../../../src/core/stores/org.ts';
import type { FetchStub } from '../support/fetch-stub.ts';
import {
  cleanup,
  json,
  mount,
  mountIn,
  params,
  serve,
  setAddress,
  toasts,
  waitFor,
  waitForEl,
  type Mounted,
} from './support.tsx';

// A page's first calls sent before it renders (engine/early.ts): the page takes the answer under
// way instead of asking again, and an early call never changes what the user sees.

const URL_ = '/api/v1/users/users/';
const ID = '00000000-0000-4000-8000-0000000000e1';
const META = { actions: { GET: { name: { type: 'string', label: '名称' } } } };
const PAGE = { count: 1, next: null, results: [{ id: ID, name: 'Early' }] };
const users = defineResource({ name: 'User', url: URL_, path: '/users/users', list: { columns: ['name'] } });

describe('early calls', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  const sent = (method: string) => stub.sent.filter((r) => r.method === method && r.url.includes(URL_));
  afterEach(() => {
    cleanup(stub, view);
    view = undefined;
    clearEarly();
    $currentOrg.set(null);
  });

  it('the list route starts metadata and page 1 before rendering, and the page asks for neither again', async () => {
    setAddress('/users/users/');
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`GET ${URL_}`]: PAGE });
    const list = resourceRoutes(users).find((route) => route.name === 'UserList')!;
    list.component!.sendEarly!('');
    expect(sent('OPTIONS').length, 'metadata sent before any render').to.equal(1);
    expect(sent('GET').map(params)).to.deep.equal([{ limit: '15', offset: '0', display: '1', draw: '1' }]);
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID}"]`);
    expect(sent('OPTIONS').length).to.equal(1);
    expect(sent('GET').length).to.equal(1);
  });

  it("answers already arrived are drawn in the page's first render, with no call of its own", async () => {
    setAddress('/users/users/');
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`GET ${URL_}`]: PAGE });
    resourceRoutes(users).find((route) => route.name === 'UserList')!.component!.sendEarly!('');
    // Both answers arrive before the page renders, as they do while the standalone console's code runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What the first commit put in the page, seen before any later render.
    let first: { table: boolean; row: string | null } | undefined;
    const host = document.createElement('div');
    const observer = new MutationObserver(() => {
      const root = host.shadowRoot;
      if (first || !root?.querySelector('.list-table')) return;
      first = {
        table: root.querySelector('table.engine-table') !== null,
        row: root.querySelector(`tr[data-id="${ID}"] td[data-prop="name"]`)?.textContent ?? null,
      };
    });
    const attach = host.attachShadow.bind(host);
    host.attachShadow = (init) => {
      const root = attach(init);
      observer.observe(root, { childList: true, subtree: true });
      return root;
    };
    view = mountIn(host, <ListPage resource={users} params={{}} />);
    await waitFor(() => first !== undefined, 3000, 'the first render');
    observer.disconnect();
    expect(first, 'the row is in the first render').to.deep.equal({ table: true, row: 'Early' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent('OPTIONS').length).to.equal(1);
    expect(sent('GET').length).to.equal(1);
  });

  it('a list whose definition loads on first use sends them once the definition is in, and the page takes them', async () => {
    setAddress('/users/users/');
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`GET ${URL_}`]: PAGE });
    let arrive: (definition: typeof users) => void = () => undefined;
    const definition = new Promise<typeof users>((resolve) => {
      arrive = resolve;
    });
    const { list: _list, ...stubOnly } = users;
    const list = lazyResourceRoutes(stubOnly, () => definition).find((route) => route.name === 'UserList')!;
    list.component!.sendEarly!('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.sent, 'nothing before the definition').to.deep.equal([]);
    arrive(users);
    await waitFor(() => sent('GET').length === 1, 3000, 'page 1 asked early');
    expect(sent('OPTIONS').length).to.equal(1);
    view = mount(<ListPage resource={users} params={{}} />);
    await waitForEl(view.root, `tr[data-id="${ID}"]`);
    expect(sent('OPTIONS').length).to.equal(1);
    expect(sent('GET').length).to.equal(1);
  });

  it('is not sent for an address with a search (the page works out its own filters)', () => {
    stub = serve({});
    resourceRoutes(users).find((route) => route.name === 'UserList')!.component!.sendEarly!('search=bob');
    expect(stub.sent).to.deep.equal([]);
  });

  it('a failed early call reports nothing; the page sends its own call, which reports as before', async () => {
    let calls = 0;
    stub = serve({ [`GET ${URL_}`]: () => (calls++ === 0 ? json(500, { detail: 'boom' }) : json(200, PAGE)) });
    const params = { limit: 15 };
    sendEarly('get', URL_, params, () => http.get(URL_, { params, quiet: true }));
    await waitFor(() => calls === 1, 2000, 'the early call');
    expect(toasts(), 'the early failure is quiet').to.deep.equal([]);
    const answer = await take('get', URL_, params, () => http.get(URL_, { params }));
    expect(answer).to.deep.equal(PAGE);
    expect(calls).to.equal(2);
  });

  it('an answer asked in another org, with other params, or taken once already is not reused', async () => {
    stub = serve({ [`GET ${URL_}`]: PAGE });
    const send = () => http.get(URL_, { params: { limit: 15 } });
    sendEarly('get', URL_, { limit: 15 }, send);
    await take('get', URL_, { limit: 30 }, send);
    expect(sent('GET').length, 'other params: a call of its own').to.equal(2);
    $currentOrg.set({ id: '00000000-0000-4000-8000-0000000000f1', name: 'Other' });
    await take('get', URL_, { limit: 15 }, send);
    expect(sent('GET').length, 'another org: a call of its own').to.equal(3);
    $currentOrg.set(null);
    await take('get', URL_, { limit: 15 }, send);
    expect(sent('GET').length, 'same call: the early answer').to.equal(3);
    await take('get', URL_, { limit: 15 }, send);
    expect(sent('GET').length, 'taken once: asked again').to.equal(4);
  });
});
