// defineElement: shadow root with the Shoelace theme and our sheet, error boundary, DOM-event outputs.
import { expect } from '@open-wc/testing';
import { useRef } from 'react';
import { defineElement, emit } from '../../src/elements/define.ts';
import { shoelaceThemeSheets } from '../../src/core/ui/shoelace-theme.ts';
import { consoleStyleSheet } from '../../src/core/ui/styles.ts';
import { text, waitFor } from '../helpers/dom.ts';

function Hello({ who, count }: { who?: string; count?: number }) {
  return <p className="hello">Hello {who} ×{count}</p>;
}

function Broken(): never {
  throw new Error('page exploded');
}

function Announcer() {
  const ref = useRef<HTMLButtonElement>(null);
  return <button ref={ref} onClick={() => emit(ref.current!, 'bastion-ping', { n: 1 })}>ping</button>;
}

defineElement('test-hello', Hello, { props: { who: 'string', count: 'number' }, styleSheets: shoelaceThemeSheets });
defineElement('test-plain', Hello);
defineElement('test-broken', Broken);
defineElement('test-announcer', Announcer);

function mount(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild as HTMLElement;
}

describe('defineElement', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders the component in an open shadow root with attribute props', async () => {
    const el = mount('<test-hello who="admin" count="3"></test-hello>');
    const p = await waitFor(() => el.shadowRoot?.querySelector('.hello'));
    expect(text(p)).to.equal('Hello admin ×3');
  });

  it('adopts the Shoelace light theme and the console sheet, with the host font set', async () => {
    const el = mount('<test-hello who="x"></test-hello>');
    await waitFor(() => el.shadowRoot?.querySelector('.hello'));
    const sheets = el.shadowRoot!.adoptedStyleSheets;
    expect(sheets).to.have.length(2);
    expect(sheets[1]).to.equal(consoleStyleSheet());
    expect(getComputedStyle(el).getPropertyValue('--sl-color-primary-600').trim(), 'theme tokens').to.not.equal('');
    const squash = (value: string) => value.replace(/\s+/g, ' ').trim();
    expect(getComputedStyle(el).fontFamily).to.equal(squash(getComputedStyle(el).getPropertyValue('--sl-font-sans')));
  });

  it('adopts only the console sheet for an element that draws no Shoelace (its page loads no theme)', async () => {
    const el = mount('<test-plain who="y"></test-plain>');
    await waitFor(() => el.shadowRoot?.querySelector('.hello'));
    expect(el.shadowRoot!.adoptedStyleSheets).to.deep.equal([consoleStyleSheet()]);
    expect(getComputedStyle(el).getPropertyValue('--sl-color-primary-600').trim(), 'no theme tokens').to.equal('');
  });

  it('skips a tag that is already defined instead of throwing', () => {
    const before = customElements.get('test-hello');
    defineElement('test-hello', Broken);
    expect(customElements.get('test-hello')).to.equal(before);
  });

  it('shows a crashing component’s error inside the element instead of a blank page', async () => {
    const errors: unknown[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const el = mount('<test-broken></test-broken>');
      const alert = await waitFor(() => el.shadowRoot?.querySelector('.error-boundary'));
      expect(text(alert)).to.contain('page exploded');
    } finally {
      console.error = realError;
    }
  });

  it('emits outputs as bubbling, composed DOM events', async () => {
    const el = mount('<test-announcer></test-announcer>');
    const button = await waitFor(() => el.shadowRoot?.querySelector('button'));
    const got: unknown[] = [];
    document.body.addEventListener('bastion-ping', (event) => got.push((event as CustomEvent).detail), { once: true });
    button.click();
    expect(got).to.deep.equal([{ n: 1 }]);
  });
});
