// The built console, <bastion-asset-list> on /embed.html and the task log page, each loaded in an
// iframe from the reference server (through the wtr proxy, so the server's Content-Security-Policy
// reaches the page), run without a single CSP violation in Chromium.
import { expect } from '@open-wc/testing';
import { deepQuery, waitFor } from '../helpers/dom.ts';
import { api, loginAs, logout } from '../helpers/server.ts';
import { ASSETS, create, removeAll, uniqueName } from '../pages/assets/support/api.ts';

interface Violation { directive: string; blocked: string; sample: string }

/**
 * Loads `url` in an iframe and collects its CSP violations: `securitypolicyviolation` events from
 * as soon as the new document exists, plus a buffered ReportingObserver for anything reported
 * before the listener could be attached (the parse of the page itself).
 */
async function loadFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.style.width = '1280px';
  frame.style.height = '800px';
  document.body.append(frame);
  const blank = frame.contentDocument;
  const violations: Violation[] = [];
  frame.src = url;
  const doc = await waitFor(() => (frame.contentDocument !== blank ? frame.contentDocument : null), 10000, `${url} to start loading`);
  doc.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
  });
  const win = frame.contentWindow as Window & typeof globalThis;
  return {
    frame,
    doc,
    /** Every violation seen, the listener's and the buffered reports', without duplicates. */
    async violations(): Promise<string[]> {
      const reported: string[] = []
      const record = (reports: Report[]) => {
        for (const report of reports) {
          const body = report.body as unknown as { effectiveDirective: string; blockedURL: string; sample?: string }
          reported.push(`${body.effectiveDirective} ${body.blockedURL} ${body.sample ?? ''}`.trim())
        }
      }
      const observer = new win.ReportingObserver(record, { types: ['csp-violation'], buffered: true })
      observer.observe()
      await new Promise((resolve) => setTimeout(resolve, 300))
      record(observer.takeRecords())
      observer.disconnect()
      const seen = violations.map((v) => `${v.directive} ${v.blocked} ${v.sample}`.trim())
      return [...new Set([...seen, ...reported])]
    },
  };
}

describe('Content-Security-Policy of the served pages', () => {
  const made: string[] = [];
  let frame: HTMLIFrameElement | undefined;

  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
  });
  afterEach(() => frame?.remove());
  after(async () => {
    await loginAs('admin');
    await removeAll(made);
    await logout();
  });

  it('the policy reaches the page through the proxy', async () => {
    const response = await fetch('/ui/');
    expect(response.headers.get('content-security-policy')).to.match(/script-src 'self'/);
  });

  it('the console shows the users list with no violation', async () => {
    await loginAs('admin');
    const page = await loadFrame('/ui/#/users/users/');
    frame = page.frame;
    await waitFor(() => deepQuery(page.doc.body, '.list-page tbody tr[data-id]'), 15000, 'the first user row');
    expect(await page.violations()).to.deep.equal([]);
  });

  it('<bastion-asset-list> on /embed.html lists assets with no violation, and the host page script runs', async () => {
    await loginAs('admin');
    const asset = await create(ASSETS, { hostname: uniqueName('csp'), ip: '127.50.0.7', platform: 'Linux', protocols: ['ssh/22'] });
    made.push(`${ASSETS}${asset.id}/`);
    const page = await loadFrame('/embed.html');
    frame = page.frame;
    await waitFor(() => deepQuery(page.doc.body, 'tbody tr[data-id]'), 15000, 'an asset row')
      .catch(async (error) => { throw new Error(`${error.message}; violations: ${(await page.violations()).join(' | ')}; ${page.doc.body.innerHTML.slice(0, 300)}`) });
    // The host page's own script (/embed-events.js) shows the element's events.
    deepQuery<HTMLInputElement>(page.doc.body, 'input.select-all')!.click();
    await waitFor(() => page.doc.querySelector('#events li'), 5000, 'an event shown by the host page');
    expect(await page.violations()).to.deep.equal([]);
  });

  it('the task log page shows a task in its terminal with no violation', async () => {
    await loginAs('admin');
    const asset = await create(ASSETS, { hostname: uniqueName('csp-log'), ip: '127.50.0.8', platform: 'Linux', protocols: ['ssh/22'] });
    made.push(`${ASSETS}${asset.id}/`);
    const started = await api<{ task: string }>('POST', `${ASSETS}${asset.id}/tasks/`, { action: 'test' });
    expect(started.status).to.equal(201);
    const page = await loadFrame(`/ui/#/ops/celery/task/${started.data.task}/log/`);
    frame = page.frame;
    await waitFor(() => deepQuery(page.doc.body, '.task-log-page[data-status="finished"]'), 20000, 'the task to finish');
    await waitFor(() => deepQuery(page.doc.body, '.xterm-rows'), 5000, 'the terminal');
    expect(await page.violations()).to.deep.equal([]);
  });
});
