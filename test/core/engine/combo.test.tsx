// The pick list as a user meets it: a choice closes it and clears the typed text, Escape closes it
// (and only it: a dialog around it stays), and the keyboard alone finds and picks an option.
import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { Combo, type ComboOption } from '../../../src/core/engine/form/Combo.tsx';
import { findAll, mount, settle, type Mounted } from './support.tsx';
import { text, waitFor } from '../../helpers/dom.ts';

const OPTIONS: ComboOption[] = [
  { value: 'a', label: 'alice' },
  { value: 'b', label: 'bob' },
  { value: 'c', label: 'carol' },
];

function Picker({ multiple, onValue }: { multiple?: boolean; onValue: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(multiple ? [] : null);
  return (
    <Combo
      options={OPTIONS}
      value={value}
      multiple={multiple}
      label="Reviewers"
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const input = (view: Mounted) => view.root.querySelector<HTMLInputElement>('input.combo-input')!;
const listShown = (view: Mounted) => view.root.querySelector('ul[role="listbox"]') !== null;
const chips = (view: Mounted) => findAll(view.root, '.chip').map((chip) => text(chip).replace('×', '').trim());

function type(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const key = (field: HTMLElement, name: string) => {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true });
  field.dispatchEvent(event);
  return event;
};

describe('Combo (pick list)', () => {
  let view: Mounted | undefined;
  afterEach(() => {
    view?.unmount();
    view = undefined;
  });

  for (const multiple of [false, true]) {
    it(`closes and clears the typed text after a choice (${multiple ? 'multiple' : 'single'})`, async () => {
      const values: unknown[] = [];
      view = mount(<Picker multiple={multiple} onValue={(v) => values.push(v)} />);
      await settle();
      input(view).focus();
      type(input(view), 'bo');
      await settle();
      const options = findAll<HTMLElement>(view.root, 'li[role="option"]');
      expect(options.map(text)).to.deep.equal(['bob']);
      options[0].click();
      await settle();
      expect(listShown(view), 'the list closed').to.equal(false);
      expect(input(view).value, 'the typed text is gone').to.equal('');
      expect(input(view).getAttribute('aria-expanded')).to.equal('false');
      expect(chips(view)).to.deep.equal(['bob']);
      // The next choice starts with a click on the field again, the whole list offered.
      input(view).click();
      await settle();
      expect(findAll(view.root, 'li[role="option"]').length).to.equal(3);
    });
  }

  it('closes on Escape without letting the key reach a dialog, and clears the typed text', async () => {
    view = mount(<Picker onValue={() => undefined} />);
    await settle();
    let escapedToDialog = false;
    view.root.host.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key === 'Escape') escapedToDialog = true;
    });
    input(view).focus();
    type(input(view), 'car');
    await settle();
    expect(listShown(view)).to.equal(true);
    const event = key(input(view), 'Escape');
    await settle();
    expect(listShown(view)).to.equal(false);
    expect(input(view).value).to.equal('');
    expect(event.defaultPrevented).to.equal(true);
    expect(escapedToDialog, 'Escape stopped at the list').to.equal(false);
    // With nothing open and nothing typed, Escape is the dialog's again.
    key(input(view), 'Escape');
    expect(escapedToDialog).to.equal(true);
  });

  it('picks with ↓ and Enter, naming the active option for screen readers', async () => {
    const values: unknown[] = [];
    view = mount(<Picker multiple onValue={(v) => values.push(v)} />);
    await waitFor(() => input(view!), 10_000, 'the input');
    // Opened by a click, as a mouse user does (a page without the window's focus on a busy run gets no
    // focus events, and a list that opens on focus stayed shut there); the keys then do the rest.
    input(view).focus();
    input(view).click();
    await waitFor(() => listShown(view!), 10_000, 'the list open');
    // Each key after the last one's render (a busy machine renders late): the active option moves one at a time.
    const activeLabel = () =>
      view!.root.getElementById(input(view!).getAttribute('aria-activedescendant') ?? '')?.textContent;
    key(input(view), 'ArrowDown');
    await waitFor(() => activeLabel() === 'alice', 10_000, 'alice active');
    key(input(view), 'ArrowDown');
    expect(await waitFor(() => activeLabel() === 'bob' && activeLabel(), 10_000, 'bob active')).to.equal('bob');
    key(input(view), 'Enter');
    await waitFor(() => values.length > 0, 10_000, 'the pick');
    expect(values).to.deep.equal([['b']]);
    await waitFor(() => !listShown(view!), 10_000, 'the list closed');
    key(input(view), 'ArrowDown'); // opens again
    expect(await waitFor(() => listShown(view!), 10_000, 'the list open again')).to.equal(true);
  });
});
