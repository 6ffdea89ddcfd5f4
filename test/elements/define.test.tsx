// elementClass/defineElement: shadow root with the Shoelace theme and our sheet, error boundary, DOM-event
// outputs, attributes and properties honoured on every change, the element's language.
import { expect } from '@open-wc/testing';
import { useRef } from 'react';
import { useT } from '../../src/core/i18n/index.ts';
import { LIGHT } from '../../src/core/ui/theme.ts';
import { defineElement, elementClass, emit } from '../../src/elements/define.ts';
import { shoelaceThemeSheets } from '../../src/core/ui/shoelace-theme.ts';
import { consoleStyleSheet } from '../../src/core/ui/styles.ts';
import { text, waitFor } from '../helpers/dom.ts';

function Hello({ who, count }: { who?: string; count?: number }) {
  return (
    <p className="hello">
      Hello {who} ×{count}
    </p>
  );
}

function Broken(): never {
  throw new Error('page exploded');
}

function Announcer() {
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <button ref={ref} onClick={() => emit(ref.current!, 'bastion-ping', { n: 1 })}>
      ping
    </button>
  );
}

function Flags({ on, size, label }: { on?: boolean; size?: number; label?: string }) {
  const t = useT();
  return <p className="flags">{`${on ? 'on' : 'off'}|${size ?? '-'}|${label ?? '-'}|${t('common.search')}`}</p>;
}

defineElement(
  'test-hello',
  elementClass(Hello, { props: { who: 'string', count: 'number' }, styleSheets: shoelaceThemeSheets }),
);
defineElement('test-plain', elementClass(Hello));
defineElement('test-broken', elementClass(Broken));
defineElement('test-announcer', elementClass(Announcer));
defineElement('test-flags', elementClass(Flags, { props: { on: 'boolean', size: 'number', label: 'string' } }));

type FlagsElement = HTMLElement & { on: boolean; size: number | undefined; label: string | undefined };

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
    expect(getComputedStyle(el).getPropertyValue('--sl-color-gray-600').trim(), 'theme tokens').to.not.equal('');
    // Its own font stack and line height, whatever the host page's (serif, 3) are.
    document.body.style.font = '15px/3 Georgia, serif';
    try {
      const squash = (value: string) => value.replace(/\s+/g, ' ').replace(/"/g, '').trim();
      expect(squash(getComputedStyle(el).fontFamily)).to.equal(squash(LIGHT['font-family']));
      expect(getComputedStyle(el).lineHeight).to.equal(`${14 * 1.5}px`);
    } finally {
      document.body.style.font = '';
    }
  });

  it('adopts only the console sheet for an element that draws no Shoelace (its page loads no theme)', async () => {
    const el = mount('<test-plain who="y"></test-plain>');
    await waitFor(() => el.shadowRoot?.querySelector('.hello'));
    expect(el.shadowRoot!.adoptedStyleSheets).to.deep.equal([consoleStyleSheet()]);
    expect(getComputedStyle(el).getPropertyValue('--sl-color-gray-600').trim(), 'no Shoelace theme').to.equal('');
  });

  it('skips a tag that is already defined instead of throwing', () => {
    const before = customElements.get('test-hello');
    defineElement('test-hello', elementClass(Broken));
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

  it('honours every attribute and property change after the first render, removals and boolean flags included', async () => {
    const el = mount('<test-flags size="10" label="a"></test-flags>') as FlagsElement;
    const shown = () => el.shadowRoot?.querySelector('.flags')?.textContent ?? '';
    await waitFor(() => shown().startsWith('off|10|a'), 2000, 'the first render');
    el.setAttribute('on', '');
    await waitFor(() => shown().startsWith('on|10|a'), 2000, 'an empty boolean attribute is on');
    el.size = 20;
    expect(el.getAttribute('size')).to.equal('20');
    await waitFor(() => shown().startsWith('on|20|a'), 2000, 'the property');
    el.removeAttribute('label');
    await waitFor(() => shown().startsWith('on|20|-'), 2000, 'a removed attribute');
    el.on = false;
    expect(el.hasAttribute('on')).to.equal(false);
    el.label = 'b';
    await waitFor(() => shown().startsWith('off|20|b'), 2000, 'a boolean property reflected');
  });

  it('takes a property set before the element was defined', async () => {
    const early = document.createElement('test-late') as HTMLElement & { label?: string };
    early.label = 'early';
    document.body.append(early);
    defineElement('test-late', elementClass(Flags, { props: { label: 'string' } }));
    await waitFor(
      () => early.shadowRoot?.querySelector('.flags')?.textContent?.includes('|early|'),
      2000,
      'the early property',
    );
    expect(early.getAttribute('label')).to.equal('early');
  });

  it("speaks its lang, else the host page's <html lang>, and says so on its content", async () => {
    const html = document.documentElement;
    const before = html.lang;
    try {
      html.lang = 'en-GB';
      const el = mount('<test-flags></test-flags>');
      const root = () => el.shadowRoot?.querySelector('.bastion-root');
      await waitFor(
        () => el.shadowRoot?.querySelector('.flags')?.textContent?.endsWith('|Search'),
        3000,
        'English from <html lang>',
      );
      expect(root()?.getAttribute('lang')).to.equal('en');
      el.setAttribute('lang', 'zh');
      await waitFor(() => el.shadowRoot?.querySelector('.flags')?.textContent?.endsWith('|搜索'), 3000, 'its own lang');
      expect(root()?.getAttribute('lang')).to.equal('zh-CN');
    } finally {
      html.lang = before;
    }
  });
});
