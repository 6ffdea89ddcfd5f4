// Proves that test files are bundled (React 19 is CommonJS-only) and that the DOM helpers see
// through shadow roots the way a user sees the page.
import { expect } from '@open-wc/testing';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { deepQuery, deepQueryAll, text, waitFor } from '../helpers/dom.ts';

function Greeting({ names }: { names: string[] }) {
  return (
    <section>
      <h1>Hosts</h1>
      <ul>
        {names.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <p hidden>secret</p>
    </section>
  );
}

function mountInShadow(names: string[]) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host.attachShadow({ mode: 'open' }));
  act(() => root.render(<Greeting names={names} />));
  return {
    host,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}

describe('browser test harness', () => {
  before(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('renders a React component inside a shadow root and reads it like a user', () => {
    const view = mountInShadow(['web-01', 'db-01']);

    expect(document.body.querySelector('li'), 'light DOM query').to.equal(null);
    expect(deepQueryAll(document.body, 'li').map((li) => li.textContent)).to.deep.equal(['web-01', 'db-01']);
    expect(text(deepQuery(document.body, 'section'))).to.equal('Hosts web-01 db-01');
    view.unmount();
  });

  it('reads slotted light-DOM content through nested shadow roots', () => {
    const outer = document.createElement('div');
    outer.attachShadow({ mode: 'open' }).innerHTML = '<span>Name:</span> <em><slot></slot></em>';
    outer.append('admin');
    document.body.append(outer);

    expect(text(outer)).to.equal('Name: admin');
    outer.remove();
  });

  it('waitFor resolves with the first truthy value and reports what timed out', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? 'ready' : null), 1000);
    expect(value).to.equal('ready');

    const failure = await waitFor(() => false, 120, 'the list').catch((e: Error) => e.message);
    expect(failure).to.equal('waitFor: the list not met within 120 ms');
  });
});
