import { expect } from '@open-wc/testing';
import { ResourceDialog } from '../../../src/core/engine/dialog/ResourceDialog.tsx';
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

const URL_ = '/api/v1/authentication/access-keys/';
const META = {
  actions: {
    POST: { name: { type: 'string', label: '名称', required: true, max_length: 64 } },
    PUT: { name: { type: 'string', label: '名称', required: true, max_length: 64 } },
  },
};

describe('ResourceDialog', () => {
  let stub: FetchStub;
  let view: Mounted | undefined;
  afterEach(() => cleanup(stub, view));

  it('validates a new object before confirming, then creates it and closes', async () => {
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`POST ${URL_}`]: () => json(201, { id: 'k1' }) });
    let closed = 0;
    view = mount(<ResourceDialog mode="new" url={URL_} onClose={() => closed++} />);
    const dialog = await waitForEl(view.root, 'sl-dialog.resource-dialog');
    await waitForEl(dialog, '.form-item[data-field="name"] sl-input');
    expect(dialog.getAttribute('label')).to.equal('新建');
    find(dialog, 'sl-button.confirm').click();
    await waitForEl(dialog, '.field-error');
    expect(stub.sent.some((r) => r.method === 'POST')).to.equal(false);
    slType(find(dialog, '.form-item[data-field="name"] sl-input'), 'ci', ['sl-input', 'sl-change']);
    await settle();
    find(dialog, 'sl-button.confirm').click();
    await waitFor(() => closed === 1, 3000, 'the dialog to close');
    expect(bodyOf(stub.sent.find((r) => r.method === 'POST')!)).to.deep.equal({ name: 'ci' });
  });

  it('shows an object read-only without confirm buttons in view mode, 3vh from the top', async () => {
    stub = serve({ [`OPTIONS ${URL_}`]: META, [`GET ${URL_}k1/`]: { id: 'k1', name: 'ci' } });
    view = mount(<ResourceDialog mode="view" id="k1" url={URL_} onClose={() => undefined} />);
    const dialog = await waitForEl(view.root, 'sl-dialog.resource-dialog');
    const input = await waitForEl(dialog, '.form-item[data-field="name"] sl-input');
    await waitFor(() => (input as unknown as { value: string }).value === 'ci', 3000, 'the value');
    expect(input.hasAttribute('disabled')).to.equal(true);
    expect(findAll(dialog, 'sl-button')).to.have.length(0);
    const panel = dialog.shadowRoot!.querySelector('[part~="panel"]')!;
    expect(getComputedStyle(panel).marginTop).to.equal(`${Math.round(window.innerHeight * 0.03 * 100) / 100}px`);
  });
});
