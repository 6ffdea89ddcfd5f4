// <bastion-asset-list> mounted alone in a fixture page, the API answered by a fetch stub: rows,
// events and a host page whose address and styles stay its own.
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-asset-list.ts';
import { signedIn } from '../../src/core/embedding.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { json, stubFetch, type FetchStub, type SentRequest } from '../core/support/fetch-stub.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../helpers/dom.ts';

const ROOT = {
  id: '1',
  name: 'Default (2)',
  pId: '',
  meta: { type: 'node', node: { id: 'n-root', value: 'Default', key: '1' } },
};
const WEB = {
  id: '1:1',
  name: 'Web (1)',
  pId: '1',
  meta: { type: 'node', node: { id: 'n-web', value: 'Web', key: '1:1' } },
};
const ASSETS = [
  {
    id: 'a-1',
    hostname: 'web-01',
    ip: '127.0.0.1',
    platform: 'Linux',
    hardware_info: '2 Core 4G',
    connectivity: { status: 1, datetime: '' },
  },
  {
    id: 'a-2',
    hostname: 'db-01',
    ip: '127.0.0.2',
    platform: 'Linux',
    hardware_info: '',
    connectivity: { status: 0, datetime: '' },
  },
];

function serve(loggedIn: boolean): FetchStub {
  return stubFetch((request: SentRequest) => {
    const url = new URL(request.url, location.origin);
    if (url.pathname === '/api/v1/users/profile/') {
      return loggedIn
        ? json(200, {
            id: 'u1',
            username: 'admin',
            role: 'Admin',
            current_org_roles: ['Admin'],
            admin_or_audit_orgs: [{ id: 'DEFAULT', name: 'DEFAULT' }],
          })
        : json(401, { detail: 'Authentication credentials were not provided.' });
    }
    if (url.pathname === '/api/v1/assets/nodes/children/tree/')
      return json(200, url.searchParams.get('id') ? [] : [ROOT, WEB]);
    if (url.pathname === '/api/v1/assets/assets/') {
      const rows = url.searchParams.get('node_id') === 'n-web' ? ASSETS.slice(0, 1) : ASSETS;
      return json(200, { count: rows.length, next: null, previous: null, results: rows });
    }
    return json(404, { detail: 'Not found.' });
  });
}

describe('<bastion-asset-list>', () => {
  let stub: FetchStub | undefined;
  let el: HTMLElement | undefined;

  beforeEach(() => {
    $profile.set(null);
    $orgs.set([]);
    $currentOrg.set(null);
    signedIn();
    setApiBase('');
    history.replaceState(null, '', `${location.pathname}${location.search}#host-anchor`);
  });
  afterEach(() => {
    el?.remove();
    stub?.restore();
    history.replaceState(null, '', `${location.pathname}${location.search}`);
  });

  function mount(attributes: Record<string, string>): HTMLElement {
    const element = document.createElement('bastion-asset-list');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  }

  it('lists the assets, reports the checked rows with asset-select and leaves the host hash alone', async () => {
    stub = serve(true);
    const selections: unknown[] = [];
    document.addEventListener('asset-select', (e) => selections.push((e as CustomEvent).detail), { once: true });
    el = mount({ selectable: '', 'page-size': '10' });
    await waitFor(() => deepQueryAll(el!, 'tbody tr[data-id]').length === 2, 5000, 'two rows');
    expect(text(deepQuery(el, 'tr[data-id="a-1"]'))).to.contain('web-01');
    expect(text(deepQuery(el, 'tr[data-id="a-2"] [data-prop="connectivity"]'))).to.match(/不可连接|Unreachable/);
    const list = stub.sent.find((r) => r.url.includes('/api/v1/assets/assets/'))!;
    expect(new URL(list.url, location.origin).searchParams.get('limit')).to.equal('10');

    deepQuery<HTMLInputElement>(el, 'tr[data-id="a-2"] input.select-row')!.click();
    await waitFor(() => selections.length === 1, 2000, 'asset-select');
    expect((selections[0] as { hostname: string }[]).map((a) => a.hostname)).to.deep.equal(['db-01']);
    expect(location.hash).to.equal('#host-anchor');
  });

  it('filters by the clicked node and sends asset-open for a hostname click', async () => {
    stub = serve(true);
    el = mount({});
    const web = await waitFor(
      () => deepQuery<HTMLElement>(el!, '.node-row[data-id="n-web"] .node-title'),
      5000,
      'node Web',
    );
    web.click();
    await waitFor(() => deepQueryAll(el!, 'tbody tr[data-id]').length === 1, 5000, 'one row in Web');
    const request = stub.sent.filter((r) => r.url.includes('/api/v1/assets/assets/')).at(-1)!;
    const params = new URL(request.url, location.origin).searchParams;
    expect(params.get('node_id')).to.equal('n-web');
    expect(params.get('all')).to.equal('1');

    const opened = new Promise<unknown>((resolve) =>
      document.addEventListener('asset-open', (e) => resolve((e as CustomEvent).detail), { once: true }),
    );
    deepQuery<HTMLElement>(el, 'a.asset-open')!.click();
    expect(((await opened) as { id: string }).id).to.equal('a-1');
    expect(location.hash).to.equal('#host-anchor');
  });

  it('shows a sign-in link back to the host page instead of leaving it when not logged in, and tells the host', async () => {
    stub = serve(false);
    const before = location.href;
    const asked = new Promise<{ reason: string; loginUrl: string }>((resolve) =>
      document.addEventListener('bastion-auth-required', (e) => resolve((e as CustomEvent).detail), { once: true }),
    );
    el = mount({});
    const link = await waitFor(() => deepQuery<HTMLAnchorElement>(el!, 'a.sign-in-link'), 5000, 'sign-in link');
    // `next` is the page's path: the server takes only a path on its own origin (a full URL was dropped).
    const here = location.pathname + location.search + location.hash;
    expect(link.getAttribute('href')).to.equal(`/core/auth/login/?next=${encodeURIComponent(here)}`);
    expect(await asked).to.deep.equal({ reason: 'no-session', loginUrl: link.getAttribute('href') });
    expect(location.href).to.equal(before);
    expect(deepQueryAll(el, 'table')).to.have.length(0);
  });
});
