// axe-core on the 13 pages of the accessibility budget, each the built console or host page as the
// reference server serves it (through the wtr proxy, under its Content-Security-Policy), loaded in an
// iframe with axe-core added as a same-origin script: no critical and no serious violation.
import { expect } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { deepQuery, waitFor } from '../helpers/dom.ts';
import { api, clearCookies, loginAs, logout } from '../helpers/server.ts';
import { recordSession } from '../pages/terminal/replay/replay-fixture.ts';

interface AxeNode { target: unknown[]; html: string; failureSummary?: string }
interface AxeViolation { id: string; impact: string | null; help: string; nodes: AxeNode[] }
interface Axe { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> }

const BUDGET = ['critical', 'serious'];

let frame: HTMLIFrameElement | undefined;

/** Loads `url` in a desktop-sized iframe; resolves once `ready` finds something in its document. */
async function open(url: string, ready: string, timeout = 15_000): Promise<Window & { axe?: Axe }> {
  frame?.remove();
  frame = document.createElement('iframe');
  frame.style.cssText = 'width:1280px;height:800px;border:0';
  document.body.append(frame);
  frame.src = url;
  await waitFor(() => frame!.contentDocument?.body && deepQuery(frame!.contentDocument.body, ready), timeout, `${ready} on ${url}`);
  // Lazy chunks, icons and fonts settle.
  await new Promise((resolve) => setTimeout(resolve, 600));
  return frame.contentWindow as Window & { axe?: Axe };
}

/** The page's critical and serious violations, one line per rule and node (what and where). */
async function violations(win: Window & { axe?: Axe }): Promise<string[]> {
  const doc = win.document;
  if (!win.axe) {
    const script = doc.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const loaded = new Promise((resolve, reject) => { script.onload = resolve; script.onerror = reject; });
    doc.head.append(script);
    await loaded;
  }
  const result = await win.axe!.run(doc, { resultTypes: ['violations'] });
  return result.violations.filter((v) => BUDGET.includes(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((node) => `${v.impact} ${v.id}: ${JSON.stringify(node.target)} ${node.html.slice(0, 160)}`));
}

describe('accessibility: axe-core on the 13 pages, 0 critical and 0 serious', function () {
  this.timeout(60_000);
  let assetId = '';
  let sessionId = '';

  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await setViewport({ width: 1400, height: 900 });
    await loginAs('admin');
    const assets = await api<{ results: { id: string }[] }>('GET', '/api/v1/assets/assets/?limit=1&offset=0');
    assetId = assets.data.results[0].id;
    sessionId = (await recordSession()).id;
  });
  afterEach(() => frame?.remove());
  after(() => loginAs('admin'));

  it('login', async () => {
    await logout();
    try {
      expect(await violations(await open('/ui/#/login', '.login form'))).to.deep.equal([]);
    } finally {
      await loginAs('admin');
    }
  });

  const adminPages: [string, string, () => string][] = [
    ['dashboard', '.dashboard', () => '/ui/#/dashboard'],
    ['users list', '.list-page tbody tr[data-id]', () => '/ui/#/users/users/'],
    ['user form', 'form sl-input', () => '/ui/#/users/users/create'],
    ['asset list', '.list-page tbody tr[data-id]', () => '/ui/#/assets/assets/'],
    ['asset detail', '.detail-page .card', () => `/ui/#/assets/assets/${assetId}`],
    ['permission list', '.list-page tbody tr[data-id]', () => '/ui/#/perms/asset-permissions/'],
    ['sessions', '.list-page tbody tr[data-id]', () => '/ui/#/terminal/session?activeTab=history'],
    ['replay', '.replay-player[data-state="ready"]', () => `/ui/#/terminal/sessions/${sessionId}`],
    ['settings', '.settings-page sl-input', () => '/ui/#/settings'],
    ['embed page', 'tbody tr[data-id]', () => '/embed.html'],
  ];
  for (const [name, ready, url] of adminPages) {
    it(name, async () => {
      expect(await violations(await open(url(), ready))).to.deep.equal([]);
    });
  }

  it('embed page and replay in the dark theme (the system\'s preference)', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    try {
      expect(await violations(await open('/embed.html', 'tbody tr[data-id]'))).to.deep.equal([]);
      expect(await violations(await open(`/ui/#/terminal/sessions/${sessionId}`, '.replay-player[data-state="ready"]'))).to.deep.equal([]);
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('My assets', async () => {
    await loginAs('user');
    try {
      expect(await violations(await open('/ui/#/', '.my-assets-page tbody tr'))).to.deep.equal([]);
    } finally {
      clearCookies(); // the user page's role, remembered for whoever signs in next
      await loginAs('admin');
    }
  });

  it('web-terminal picker', async () => {
    await loginAs('user');
    try {
      expect(await violations(await open('/luna/', '.asset-picker tbody tr[data-id]'))).to.deep.equal([]);
    } finally {
      clearCookies();
      await loginAs('admin');
    }
  });
});
