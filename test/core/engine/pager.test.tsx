// The pager's page-size choices and page buttons, as a user sees them.
import { expect } from '@open-wc/testing';
import { Pager } from '../../../src/core/engine/list/Pager.tsx';
import { waitFor } from '../../helpers/dom.ts';
import { mount, type Mounted } from './support.tsx';

describe('pager', () => {
  let view: Mounted | undefined;
  afterEach(() => view?.unmount());

  it('offers a page size the page chose even when it is not a preset, in order', async () => {
    view = mount(
      <Pager
        total={95}
        page={1}
        size={10}
        sizes={[15, 30, 50, 100]}
        onPage={() => undefined}
        onSize={() => undefined}
      />,
    );
    const select = await waitFor(
      () => view!.root.querySelector<HTMLSelectElement>('select.page-size'),
      2000,
      'the size select',
    );
    expect([...select.options].map((o) => Number(o.value))).to.deep.equal([10, 15, 30, 50, 100]);
    expect(select.value).to.equal('10');
    expect([...view.root.querySelectorAll('button.page')].map((b) => b.textContent)).to.deep.equal([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('keeps the presets alone when the size is one of them', async () => {
    view = mount(
      <Pager
        total={40}
        page={2}
        size={15}
        sizes={[15, 30, 50, 100]}
        onPage={() => undefined}
        onSize={() => undefined}
      />,
    );
    const select = await waitFor(
      () => view!.root.querySelector<HTMLSelectElement>('select.page-size'),
      2000,
      'the size select',
    );
    expect([...select.options].map((o) => Number(o.value))).to.deep.equal([15, 30, 50, 100]);
    expect(view.root.querySelector('button.page.current')?.textContent).to.equal('2');
  });
});
