// The asset list's node tree: right-click create + rename with the server's answers, then an asset
// created under the chosen node (the form starts with that node and POSTs it).
import { expect } from '@open-wc/testing';
import { AssetFormPage } from '../../../src/pages/assets/AssetFormPage.tsx';
import { AssetListPage } from '../../../src/pages/assets/AssetListPage.tsx';
import { $toasts } from '../../../src/core/stores/notify.ts';
import { bodyOf, cleanup, json, mount, type Mounted, params, serve, setAddress } from '../../core/engine/support.tsx';
import type { FetchStub, SentRequest } from '../../core/support/fetch-stub.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../../helpers/dom.ts';
import { typeInto } from '../../elements/support/console-fixture.ts';

const item = (id: string, key: string, value: string, pId: string) => ({
  id: key,
  name: `${value} (0)`,
  pId,
  meta: { type: 'node', node: { id, value, key } },
});
const ROOT = item('n-root', '1', 'Default', '');
const META = {
  actions: {
    GET: {
      hostname: { type: 'string', label: 'Hostname', max_length: 128 },
      ip: { type: 'string', label: 'IP', max_length: 128 },
    },
  },
};
const POST_META = {
  actions: {
    POST: {
      hostname: { type: 'string', label: 'Hostname', required: true, max_length: 128 },
      ip: { type: 'string', label: 'IP', required: true, max_length: 128 },
      nodes: { type: 'list', label: 'Nodes', child: { type: 'field' } },
    },
  },
};

describe('asset list tree', () => {
  let view: Mounted | undefined;
  let stub: FetchStub | undefined;
  afterEach(() => cleanup(stub, view));

  it('creates and renames a child node, refuses a duplicate name with the server message, and files a new asset under it', async () => {
    let child = item('n-new', '1:2', 'New node 2', '1');
    stub = serve({
      'GET /api/v1/assets/nodes/children/tree/': (r: SentRequest) =>
        json(200, params(r).id ? (child.meta.node.id === 'n-new' && created ? [child] : []) : [ROOT]),
      'POST /api/v1/assets/nodes/n-root/children/': () => {
        created = true;
        return json(201, { id: 'n-new', key: '1:2', value: 'New node 2' });
      },
      'PATCH /api/v1/assets/nodes/n-new/': (r: SentRequest) => {
        const value = bodyOf(r).value as string;
        if (value === 'Default') return json(400, { value: ['The same level node name cannot be the same'] });
        child = item('n-new', '1:2', value, '1');
        return json(200, { id: 'n-new', value });
      },
      'OPTIONS /api/v1/assets/assets/': (r: SentRequest) => json(200, params(r).draw ? META : POST_META),
      'GET /api/v1/assets/assets/': { count: 0, next: null, previous: null, results: [] },
      'POST /api/v1/assets/assets/': (r: SentRequest) => json(201, { id: 'a-9', ...bodyOf(r) }),
    });
    let created = false;
    setAddress('/assets/assets');
    view = mount(<AssetListPage />);
    const root = await waitFor(
      () => deepQuery<HTMLElement>(view!.root, '.node-row[data-id="n-root"]'),
      5000,
      'root node',
    );
    root.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, composed: true, clientX: 20, clientY: 40 }));
    (
      await waitFor(() => deepQuery<HTMLElement>(view!.root, '.tree-menu [data-action="create"]'), 2000, 'menu')
    ).click();

    const rename = async (value: string) => {
      const input = await waitFor(
        () => deepQuery<HTMLInputElement>(view!.root, '.node-row[data-id="n-new"] input.rename'),
        3000,
        'rename input',
      );
      input.value = value;
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    };
    await rename('Default');
    await waitFor(
      () => $toasts.get().some((toast) => toast.message === 'The same level node name cannot be the same'),
      3000,
      'server message',
    );
    const again = deepQuery<HTMLElement>(view.root, '.node-row[data-id="n-new"]')!;
    again.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, composed: true, clientX: 20, clientY: 60 }));
    (
      await waitFor(() => deepQuery<HTMLElement>(view!.root, '.tree-menu [data-action="rename"]'), 2000, 'menu')
    ).click();
    await rename('Web');
    const title = await waitFor(() => deepQuery(view!.root, '.node-row[data-id="n-new"] .node-title'), 3000, 'renamed');
    await waitFor(() => text(title).startsWith('Web'), 3000, 'title Web');

    (title as HTMLElement).click();
    await waitFor(
      () => stub!.sent.some((r) => r.method === 'GET' && params(r).node_id === 'n-new'),
      3000,
      'table filtered',
    );
    deepQuery<HTMLElement>(view.root, 'button.create')!.click();
    expect(location.hash).to.equal('#/assets/assets/create?node=n-new');

    view.unmount();
    view = mount(<AssetFormPage params={{}} />);
    const hostname = await waitFor(() => deepQuery(view!.root, '[data-field="hostname"] sl-input'), 5000, 'form');
    await typeInto(hostname, 'web-01');
    await typeInto(deepQuery(view.root, '[data-field="ip"] sl-input'), '127.0.0.1');
    deepQuery<HTMLElement>(view.root, 'sl-button.submit')!.click();
    const post = await waitFor(
      () => stub!.sent.find((r) => r.method === 'POST' && r.url.includes('/assets/assets/')),
      3000,
      'POST asset',
    );
    expect(bodyOf(post)).to.include({ hostname: 'web-01', ip: '127.0.0.1' });
    expect(bodyOf(post).nodes).to.deep.equal(['n-new']);
    expect(deepQueryAll(view.root, '.field-error').map(text).filter(Boolean)).to.deep.equal([]);
  });
});
