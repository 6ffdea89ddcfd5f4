// <bastion-asset-list> for whoever is signed in, against the reference server: a plain user (the demo
// `user`) sees the assets granted to them and their granted tree, with their favourites marked, where
// the org's list would refuse them; Connect tells the host (bastion-asset-connect, cancelable) and
// opens the web terminal for that asset; an admin still gets the org's assets, and scope="org" for a
// plain user says "not allowed".
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-asset-list.ts';
import type { BastionAssetConnectDetail, BastionErrorDetail } from '../../src/core/element-types.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../helpers/dom.ts';
import { api, loginAs, logout } from '../helpers/server.ts';

type Row = { id: string; hostname: string };
type TreeItem = { id: string; name: string; pId: string; meta: { type: string; node?: { id?: string; key?: string } } };
type ListElement = HTMLElement & { scope?: string };

const MY_ASSETS = '/api/v1/perms/users/assets/';
const MY_TREE = '/api/v1/perms/users/nodes/children/tree/';
const FAVORITES = '/api/v1/assets/favorite-assets/';

const rows = (el: Element) => deepQueryAll(el, 'tbody tr[data-id]');
const shownIds = (el: Element) =>
  rows(el)
    .map((row) => row.getAttribute('data-id')!)
    .sort();
const shownHostnames = (el: Element) =>
  rows(el)
    .map((row) => text(row.querySelector('[data-prop="hostname"]')))
    .sort();
const sorted = (values: string[]) => [...values].sort();

async function read<T>(url: string): Promise<T> {
  const answer = await api<T>('GET', url);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

describe('<bastion-asset-list> for a plain user and an admin (real server)', () => {
  const mounted: HTMLElement[] = [];
  let opened: unknown[][] = [];
  const realOpen = window.open;

  beforeEach(() => {
    // A fresh host page: no session known to the element yet.
    $profile.set(null);
    $orgs.set([]);
    $currentOrg.set(null);
    setApiBase('');
    opened = [];
    // The web terminal would open a real tab: the test keeps what the element asked for instead.
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
    window.open = realOpen;
  });
  after(async () => {
    await logout();
    await loginAs('admin');
  });

  function mount(attributes: Record<string, string> = {}): ListElement {
    const el = document.createElement('bastion-asset-list') as ListElement;
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    mounted.push(el);
    return el;
  }

  it("shows a plain user the assets granted to them, their granted tree and their favourites, not the org's list", async () => {
    await loginAs('admin');
    const orgHostnames = (await read<{ results: Row[] }>('/api/v1/assets/assets/?limit=500&offset=0')).results.map(
      (row) => row.hostname,
    );
    await logout();
    await loginAs('user');
    const granted = await read<Row[]>(MY_ASSETS);
    expect(granted.length).to.be.greaterThan(0);
    const notGranted = orgHostnames.filter((hostname) => !granted.some((row) => row.hostname === hostname));
    expect(notGranted.length, 'the org holds assets the user was not granted').to.be.greaterThan(0);

    const el = mount({ 'page-size': '100' });
    await waitFor(
      () => shownIds(el).join() === sorted(granted.map((row) => row.id)).join(),
      10_000,
      "the user's granted assets",
    );
    expect(shownHostnames(el)).to.deep.equal(sorted(granted.map((row) => row.hostname)));
    for (const hostname of notGranted) expect(shownHostnames(el)).to.not.include(hostname);
    expect(deepQuery(el, '.element-message')).to.equal(null);

    // The granted tree, as the user page draws it: each top-level node with its count, favourites among them.
    const tree = (await read<TreeItem[]>(MY_TREE)).filter((item) => item.meta.type === 'node');
    for (const item of tree) {
      const title = await waitFor(
        () => deepQuery(el, `.node-row[data-key="${item.meta.node!.key}"] .node-title`),
        8000,
        `tree node ${item.name}`,
      );
      expect(text(title)).to.equal(item.name);
    }
    const favorites = (await read<{ asset: string }[]>(FAVORITES)).map((row) => row.asset);
    expect(favorites.length).to.be.greaterThan(0);
    // Favourites are marked (read-only: no star to click), the others not.
    const marked = rows(el)
      .filter((row) => row.querySelector('.favorite-mark'))
      .map((row) => row.getAttribute('data-id')!)
      .sort();
    expect(marked).to.deep.equal(sorted(favorites.filter((id) => granted.some((row) => row.id === id))));

    // The favourites node lists those assets; "All assets" lists every granted one again.
    const favoriteTitle = deepQuery<HTMLElement>(el, '.node-row[data-key="-12"] .node-title')!;
    favoriteTitle.click();
    const onFavorites = await read<Row[]>('/api/v1/perms/users/nodes/-12/assets/?all=1');
    await waitFor(
      () => shownIds(el).join() === sorted(onFavorites.map((row) => row.id)).join(),
      8000,
      'the favourites',
    );
    deepQuery<HTMLButtonElement>(el, 'button.all-assets')!.click();
    await waitFor(() => shownIds(el).length === granted.length, 8000, 'every granted asset again');
  });

  it('Connect fires bastion-asset-connect and opens the web terminal for that asset, unless the host prevents it', async () => {
    await loginAs('user');
    const [first, second] = await read<Row[]>(MY_ASSETS);
    const el = mount({ 'page-size': '100' });
    const button = (id: string) =>
      waitFor(
        () => deepQuery<HTMLButtonElement>(el, `tr[data-id="${id}"] button.asset-connect`),
        10_000,
        `Connect of ${id}`,
      );

    const events: CustomEvent<BastionAssetConnectDetail>[] = [];
    const record = (e: Event) => events.push(e as CustomEvent<BastionAssetConnectDetail>);
    document.addEventListener('bastion-asset-connect', record);
    try {
      (await button(first.id)).click();
      const url = `${location.origin}/luna/?login_to=${first.id}`;
      expect(events.map((e) => [e.detail.asset.id, e.detail.asset.hostname, e.detail.url])).to.deep.equal([
        [first.id, first.hostname, url],
      ]);
      expect([events[0].bubbles, events[0].composed, events[0].cancelable]).to.deep.equal([true, true, true]);
      expect(opened).to.deep.equal([[url, '_blank', 'noopener']]);

      // A portal that handles Connect itself: the event still comes, nothing opens.
      const takeOver = (e: Event) => e.preventDefault();
      el.addEventListener('bastion-asset-connect', takeOver);
      (await button(second.id)).click();
      el.removeEventListener('bastion-asset-connect', takeOver);
      expect(events.map((e) => e.detail.url)).to.deep.equal([url, `${location.origin}/luna/?login_to=${second.id}`]);
      expect(opened).to.have.length(1);
    } finally {
      document.removeEventListener('bastion-asset-connect', record);
    }
  });

  it('gives an admin the org\'s assets (the default, and scope="org"), with Connect', async () => {
    await loginAs('admin');
    const org = (await read<{ results: Row[] }>('/api/v1/assets/assets/?limit=15&offset=0')).results;
    for (const attributes of [{}, { scope: 'org' }] as Record<string, string>[]) {
      const el = mount(attributes);
      await waitFor(
        () => shownIds(el).join() === sorted(org.map((row) => row.id)).join(),
        10_000,
        `the org's first page (${JSON.stringify(attributes)})`,
      );
      expect(deepQuery(el, 'th[data-prop="connectivity"]'), 'the org list keeps its columns').to.not.equal(null);
      deepQuery<HTMLButtonElement>(el, `tr[data-id="${org[0].id}"] button.asset-connect`)!.click();
      expect(opened.at(-1)).to.deep.equal([`${location.origin}/luna/?login_to=${org[0].id}`, '_blank', 'noopener']);
      el.remove();
    }
    // scope changed after the first render: the admin's own grants instead.
    const mine = await read<Row[]>(MY_ASSETS);
    const el = mount({ 'page-size': '100' });
    await waitFor(() => shownIds(el).length > 0, 10_000, "the org's list");
    el.scope = 'mine';
    await waitFor(
      () => deepQuery(el, 'button.all-assets') && shownIds(el).join() === sorted(mine.map((row) => row.id)).join(),
      10_000,
      "the admin's own grants",
    );
  });

  it('says "not allowed" to a plain user asking for scope="org", and tells the host; scope="mine" then lists theirs', async () => {
    await loginAs('user');
    const failed = new Promise<BastionErrorDetail>((resolve) =>
      document.addEventListener('bastion-error', (e) => resolve((e as CustomEvent<BastionErrorDetail>).detail), {
        once: true,
      }),
    );
    const el = mount({ scope: 'org' });
    expect((await failed).status).to.equal(403);
    const notice = await waitFor(() => deepQuery(el, '.element-message'), 8000, 'the notice');
    expect(text(notice)).to.match(/你没有权限查看这里的内容|not allowed/);
    expect(rows(el)).to.have.length(0);

    el.setAttribute('scope', 'mine');
    const granted = await read<Row[]>(MY_ASSETS);
    await waitFor(() => rows(el).length === Math.min(granted.length, 15), 10_000, "the user's first page");
    expect(deepQuery(el, '.element-message')).to.equal(null);
  });
});
