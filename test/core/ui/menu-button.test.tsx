// The menu button of the top bar and the list pages: opens under its button, chooses by click or
// keyboard, skips disabled entries, closes on Escape and on a click elsewhere.
import { expect } from '@open-wc/testing';
import { MenuButton, type MenuEntry } from '../../../src/core/ui/MenuButton.tsx';
import { mount, type Mounted } from '../engine/support.tsx';
import { waitFor } from '../../helpers/dom.ts';

const ENTRIES: MenuEntry[] = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta', disabled: true },
  { value: 'c', label: 'Gamma', className: 'action-c' },
];

describe('MenuButton', () => {
  let view: Mounted | undefined;
  let chosen: string[] = [];
  afterEach(() => {
    view?.unmount();
    chosen = [];
  });

  const open = async () => {
    const button = await waitFor(() => view!.root.querySelector<HTMLElement>('.menu-button .btn'), 2000, 'the button');
    button.click();
    return waitFor(() => view!.root.querySelector<HTMLElement>('.menu-panel:not([hidden])'), 2000, 'the open menu');
  };
  const key = (target: Element, k: string) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true }));

  it('opens under the button, chooses an entry by click and closes', async () => {
    view = mount(<MenuButton className="test-menu" label="More" items={ENTRIES} onSelect={(v) => chosen.push(v)} />);
    const panel = await open();
    expect([...panel.querySelectorAll('.menu-item')].map((li) => li.textContent)).to.deep.equal([
      'Alpha',
      'Beta',
      'Gamma',
    ]);
    expect(view.root.querySelector('.menu-button .btn')!.getAttribute('aria-expanded')).to.equal('true');
    (panel.querySelector('.action-c') as HTMLElement).click();
    expect(chosen).to.deep.equal(['c']);
    await waitFor(() => panel.hidden, 1000, 'the menu to close');
  });

  it('ignores a disabled entry', async () => {
    view = mount(<MenuButton className="test-menu" label="More" items={ENTRIES} onSelect={(v) => chosen.push(v)} />);
    const panel = await open();
    (panel.querySelector('[data-value="b"]') as HTMLElement).click();
    expect(chosen).to.deep.equal([]);
    expect(panel.hidden).to.equal(false);
  });

  it('moves with the arrow keys past disabled entries and chooses with Enter; Escape closes', async () => {
    view = mount(<MenuButton className="test-menu" label="More" items={ENTRIES} onSelect={(v) => chosen.push(v)} />);
    const panel = await open();
    const focused = () => (view!.root as ShadowRoot).activeElement as HTMLElement | null;
    await waitFor(() => focused()?.dataset.value === 'a', 1000, 'the first entry focused');
    key(focused()!, 'ArrowDown');
    expect(focused()?.dataset.value).to.equal('c');
    key(focused()!, 'Enter');
    expect(chosen).to.deep.equal(['c']);
    const again = await open();
    key(again.querySelector('.menu-item')!, 'Escape');
    await waitFor(() => panel.hidden, 1000, 'Escape to close the menu');
  });

  it('stays open on a scroll, closes on a click elsewhere, and marks a checked entry', async () => {
    view = mount(
      <MenuButton
        className="lang"
        label="Lang"
        items={[
          { value: 'zh', label: '中文', checked: true },
          { value: 'en', label: 'English', checked: false },
        ]}
        onSelect={(v) => chosen.push(v)}
      />,
    );
    const panel = await open();
    expect(panel.querySelector('[data-value="zh"]')!.getAttribute('aria-checked')).to.equal('true');
    expect(panel.querySelector('[data-value="en"]')!.getAttribute('role')).to.equal('menuitemcheckbox');
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 50));
    expect(panel.hidden, 'a scroll moves the menu with its button, it does not close it').to.equal(false);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitFor(() => panel.hidden, 1000, 'the menu to close');
    expect(chosen).to.deep.equal([]);
  });
});
