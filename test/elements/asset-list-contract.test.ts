// <bastion-asset-list> as a public API, the server answered by a fetch stub: every attribute and
// property honoured after the first render, a pinned org that moves no one else, refresh(), the
// bastion-* events with their deprecated aliases, and a 401 or 403 said in the box and told to the host.
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-asset-list.ts';
import { signedIn } from '../../src/core/embedding.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { json, stubFetch, type FetchStub, type SentRequest } from '../core/support/fetch-stub.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../helpers/dom.ts';

type ListElement = HTMLElement & {
  org?: string;
  node?: string;
  pageSize?: number;
  selectable: boolean;
  theme?: string;
  refresh(): Promise<void>;
};

const ORGS = [
  { id: 'DEFAULT', name: 'DEFAULT' },
  { id: 'org-eng', name: 'Engineering' },
];
const ROW = (n: number, org: string) => ({
  id: `a-${org}-${n}`,
  hostname: `${org}-${n}`,
  ip: `127.0.0.${n}`,
  platform: 'Linux',
  connectivity: { status: 1 },
});

let refuse: 401 | 403 | null = null;

function serve(): FetchStub {
  return stubFetch((request: SentRequest) => {
    const url = new URL(request.url, location.origin);
    const org = request.headers.get('X-JMS-ORG') ?? 'none';
    if (url.pathname === '/api/v1/users/profile/')
      return json(200, {
        id: 'u1',
        username: 'admin',
        role: 'Admin',
        current_org_roles: ['Admin'],
        admin_or_audit_orgs: ORGS,
      });
    if (refuse)
      return json(refuse, {
        detail: refuse === 403 ? 'You do not have permission to perform this action.' : 'Not signed in.',
      });
    if (url.pathname === '/api/v1/assets/nodes/children/tree/') return json(200, []);
    if (url.pathname === '/api/v1/assets/assets/')
      return json(200, { count: 2, next: null, previous: null, results: [ROW(1, org), ROW(2, org)] });
    return json(404, { detail: 'Not found.' });
  });
}

const listCalls = (stub: FetchStub) =>
  stub.sent.filter((r) => new URL(r.url, location.origin).pathname === '/api/v1/assets/assets/');
const lastList = (stub: FetchStub) => {
  const request = listCalls(stub).at(-1)!;
  return { params: new URL(request.url, location.origin).searchParams, org: request.headers.get('X-JMS-ORG') };
};
const hostnames = (el: Element) =>
  deepQueryAll(el, 'tbody tr[data-id] [data-prop="hostname"]').map((cell) => text(cell));

function nextEvent<T>(el: EventTarget, type: string): Promise<T> {
  return new Promise((resolve) =>
    el.addEventListener(type, (e) => resolve((e as CustomEvent<T>).detail), { once: true }),
  );
}

describe('<bastion-asset-list> contract', () => {
  let stub: FetchStub;
  const mounted: HTMLElement[] = [];

  beforeEach(() => {
    refuse = null;
    $profile.set(null);
    $orgs.set([]);
    $currentOrg.set(null);
    signedIn();
    setApiBase('');
    stub = serve();
  });
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
    stub.restore();
  });

  function mount(attributes: Record<string, string> = {}): ListElement {
    const el = document.createElement('bastion-asset-list') as ListElement;
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    mounted.push(el);
    return el;
  }

  it('honours page-size, node and selectable changed after the first render, as attributes or properties', async () => {
    const el = mount({ 'page-size': '10' });
    await waitFor(() => hostnames(el).length === 2, 5000, 'the first page');
    expect(lastList(stub).params.get('limit')).to.equal('10');
    expect(deepQuery(el, 'input.select-row')).to.equal(null);

    el.pageSize = 30;
    await waitFor(() => lastList(stub).params.get('limit') === '30', 3000, 'the new page size');
    expect(lastList(stub).params.get('offset')).to.equal('0');
    expect(deepQuery<HTMLSelectElement>(el, 'select.page-size')?.value).to.equal('30');

    el.setAttribute('node', 'n-web');
    await waitFor(() => lastList(stub).params.get('node_id') === 'n-web', 3000, 'the node');

    el.selectable = true;
    expect(el.hasAttribute('selectable')).to.equal(true);
    await waitFor(() => deepQueryAll(el, 'input.select-row').length === 2, 3000, 'check boxes');
    el.removeAttribute('selectable');
    await waitFor(() => deepQuery(el, 'input.select-row') === null, 3000, 'no check boxes');
    expect(el.selectable).to.equal(false);
  });

  it('asks in its pinned org from the first call, follows a new one, and leaves the page’s org alone', async () => {
    const pinned = mount({ org: 'org-eng' });
    const follower = mount();
    await waitFor(() => hostnames(pinned).length === 2 && hostnames(follower).length === 2, 5000, 'both lists');
    expect(hostnames(pinned)).to.deep.equal(['org-eng-1', 'org-eng-2']);
    expect(hostnames(follower)).to.deep.equal(['DEFAULT-1', 'DEFAULT-2']);
    expect(listCalls(stub).filter((r) => r.headers.get('X-JMS-ORG') === 'DEFAULT')).to.have.length(1);
    expect($currentOrg.get()?.id).to.equal('DEFAULT');

    pinned.org = 'DEFAULT';
    await waitFor(() => hostnames(pinned)[0] === 'DEFAULT-1', 3000, 'the pinned list in its new org');
    pinned.removeAttribute('org');
    $currentOrg.set(ORGS[1]);
    // Unpinned, both follow the page's org now.
    await waitFor(
      () => hostnames(pinned)[0] === 'org-eng-1' && hostnames(follower)[0] === 'org-eng-1',
      3000,
      'both in the page’s new org',
    );
  });

  it('loads again on refresh() and sends bastion-* events with their deprecated aliases', async () => {
    const el = mount({ selectable: '' });
    await waitFor(() => hostnames(el).length === 2, 5000, 'the first page');
    const before = listCalls(stub).length;
    await el.refresh();
    await waitFor(() => listCalls(stub).length > before, 3000, 'a new call');

    const fresh = nextEvent<{ hostname: string }[]>(el, 'bastion-asset-select');
    const old = nextEvent<{ hostname: string }[]>(el, 'asset-select');
    deepQuery<HTMLInputElement>(el, 'input.select-row')!.click();
    expect((await fresh).map((a) => a.hostname)).to.deep.equal(['DEFAULT-1']);
    expect((await old).map((a) => a.hostname)).to.deep.equal(['DEFAULT-1']);
    const opened = nextEvent<{ id: string }>(document, 'bastion-asset-open');
    deepQuery<HTMLElement>(el, 'a.asset-open')!.click();
    expect((await opened).id).to.equal('a-DEFAULT-1');
  });

  it('says "not allowed" for a 403 and fires bastion-error instead of showing an empty table', async () => {
    refuse = 403;
    const el = mount();
    const failed = nextEvent<{ status: number; message: string }>(el, 'bastion-error');
    expect((await failed).status).to.equal(403);
    const notice = await waitFor(() => deepQuery(el, '.element-message'), 3000, 'the message');
    expect(text(notice)).to.match(/没有权限|not allowed/);
    expect(deepQuery(el, 'table')).to.equal(null);
    refuse = null;
    await el.refresh();
    await waitFor(() => hostnames(el).length === 2, 3000, 'the rows after refresh()');
  });

  it('turns to its sign-in link and fires bastion-auth-required when the session ends', async () => {
    const el = mount();
    await waitFor(() => hostnames(el).length === 2, 5000, 'the first page');
    refuse = 401;
    const asked = nextEvent<{ reason: string }>(el, 'bastion-auth-required');
    await el.refresh();
    expect((await asked).reason).to.equal('expired');
    await waitFor(() => deepQuery(el, 'a.sign-in-link'), 3000, 'the sign-in link');
    expect(deepQuery(el, 'table')).to.equal(null);
  });

  it('takes the theme and its tokens from the host, and its font from none of the host’s rules', async () => {
    const el = mount({ theme: 'dark' });
    await waitFor(() => hostnames(el).length === 2, 5000, 'the first page');
    const header = deepQuery<HTMLElement>(el, 'th[data-prop="hostname"]')!;
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(39, 44, 50)');
    expect(getComputedStyle(header).color).to.equal('rgb(232, 235, 238)');
    el.theme = 'light';
    await waitFor(() => getComputedStyle(header).backgroundColor === 'rgb(245, 247, 250)', 2000, 'the light header');
    el.style.setProperty('--bastion-color-surface-alt', 'rgb(1, 2, 3)');
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(1, 2, 3)');
  });
});
