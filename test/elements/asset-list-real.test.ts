// <bastion-asset-list> mounted alone in a fixture page against the reference server: it finds the
// session itself, lists the assets of a node, reports checked and opened assets as DOM events and
// never touches the host page's address.
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-asset-list.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../helpers/dom.ts';
import { loginAs, logout } from '../helpers/server.ts';
import { ASSETS, NODES, create, removeAll, uniqueName } from '../pages/assets/support/api.ts';

type Asset = { id: string; hostname: string; ip: string };
const HOST_HASH = '#host-anchor';
const nodeName = uniqueName('embed');
const made: string[] = [];

const rows = (el: Element) => deepQueryAll(el, 'tbody tr[data-id]');
const shownHostnames = (el: Element) =>
  rows(el)
    .map((row) => text(row.querySelector('[data-prop="hostname"]')))
    .sort();

/** Resolves with the detail of the next `type` event the element sends up to the document. */
const nextEvent = <T>(type: string) =>
  new Promise<T>((resolve) =>
    document.addEventListener(type, (e) => resolve((e as CustomEvent<T>).detail), { once: true }),
  );

describe('<bastion-asset-list> against the reference server', () => {
  let el: HTMLElement | undefined;
  let node = { id: '' };
  let assets: Asset[] = [];

  before(async () => {
    await loginAs('admin');
    node = await create(NODES, { value: nodeName });
    made.push(`${NODES}${node.id}/`);
    for (const n of [1, 2]) {
      const asset = await create<Asset>(ASSETS, {
        hostname: `${nodeName}-${n}`,
        ip: `127.77.0.${n}`,
        platform: 'Linux',
        protocols: ['ssh/22'],
        nodes: [node.id],
      });
      made.unshift(`${ASSETS}${asset.id}/`);
      assets.push(asset);
    }
    assets = assets.sort((a, b) => a.hostname.localeCompare(b.hostname));
  });
  beforeEach(() => {
    // A fresh host page: no session known to the element yet.
    $profile.set(null);
    $orgs.set([]);
    $currentOrg.set(null);
    setApiBase('');
    history.replaceState(null, '', `${location.pathname}${location.search}${HOST_HASH}`);
  });
  afterEach(() => {
    el?.remove();
    history.replaceState(null, '', `${location.pathname}${location.search}`);
  });
  after(async () => {
    await removeAll(made);
    await logout();
  });

  function mount(attributes: Record<string, string>): HTMLElement {
    const element = document.createElement('bastion-asset-list');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  }

  it('lists the start node’s assets and fires asset-select with the checked ones, the host hash untouched', async () => {
    el = mount({ node: node.id, selectable: '', 'page-size': '10' });
    await waitFor(() => shownHostnames(el!).join() === assets.map((a) => a.hostname).join(), 8000, 'our two assets');
    expect(text(deepQuery(el, `tr[data-id="${assets[1].id}"] [data-prop="ip"]`))).to.equal(assets[1].ip);
    expect(text(deepQuery(el, `tr[data-id="${assets[1].id}"] [data-prop="connectivity"]`))).to.equal('未知');

    let selected = nextEvent<Asset[]>('asset-select');
    deepQuery<HTMLInputElement>(el, `tr[data-id="${assets[1].id}"] input.select-row`)!.click();
    expect((await selected).map((a) => [a.id, a.hostname])).to.deep.equal([[assets[1].id, assets[1].hostname]]);
    selected = nextEvent<Asset[]>('asset-select');
    deepQuery<HTMLInputElement>(el, 'input.select-all')!.click();
    expect((await selected).map((a) => a.hostname).sort()).to.deep.equal(assets.map((a) => a.hostname));
    expect(location.hash).to.equal(HOST_HASH);
  });

  it('filters by a node clicked in its tree and fires asset-open for a hostname, the host hash untouched', async () => {
    el = mount({});
    const title = await waitFor(
      () => deepQuery<HTMLElement>(el!, `.node-row[data-id="${node.id}"] .node-title`),
      8000,
      'our node in the tree',
    );
    expect(text(title)).to.equal(`${nodeName} (2)`);
    title.click();
    await waitFor(
      () => shownHostnames(el!).join() === assets.map((a) => a.hostname).join(),
      8000,
      'only the node’s assets',
    );

    const opened = nextEvent<Asset>('asset-open');
    const link = deepQueryAll<HTMLAnchorElement>(el, 'a.asset-open').find((a) => text(a) === assets[0].hostname)!;
    link.click();
    expect((await opened).id).to.equal(assets[0].id);
    expect(location.hash).to.equal(HOST_HASH);
  });
});
