// The built console, <bastion-asset-list> on /embed.html and the task log page, each loaded in an
// iframe from the reference server (through the wtr proxy, so the server's Content-Security-Policy
// reaches the page), run without a single CSP violation in Chromium.
import { expect } from '@open-wc/testing';
import { deepQuery, waitFor } from '../helpers/dom.ts';
import { api, loginAs, logout } from '../helpers/server.ts';
import { ASSETS, create, removeAll, uniqueName } from '../pages/assets/support/api.ts';
import { loadFrame } from './support/csp-frame.ts';

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
    const asset = await create(ASSETS, {
      hostname: uniqueName('csp'),
      ip: '127.50.0.7',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    made.push(`${ASSETS}${asset.id}/`);
    const page = await loadFrame('/embed.html');
    frame = page.frame;
    await waitFor(() => deepQuery(page.doc.body, 'tbody tr[data-id]'), 15000, 'an asset row').catch(async (error) => {
      throw new Error(
        `${error.message}; violations: ${(await page.violations()).join(' | ')}; ${page.doc.body.innerHTML.slice(0, 300)}`,
      );
    });
    // The host page's own script (/embed-events.js) shows the element's events.
    deepQuery<HTMLInputElement>(page.doc.body, 'input.select-all')!.click();
    await waitFor(() => page.doc.querySelector('#events li'), 5000, 'an event shown by the host page');
    expect(await page.violations()).to.deep.equal([]);
  });

  it('the task log page shows a task in its terminal with no violation', async () => {
    await loginAs('admin');
    const asset = await create(ASSETS, {
      hostname: uniqueName('csp-log'),
      ip: '127.50.0.8',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    made.push(`${ASSETS}${asset.id}/`);
    const started = await api<{ task: string }>('POST', `${ASSETS}${asset.id}/tasks/`, { action: 'test' });
    expect(started.status).to.equal(201);
    const page = await loadFrame(`/ui/#/ops/celery/task/${started.data.task}/log/`);
    frame = page.frame;
    await waitFor(
      () => deepQuery(page.doc.body, '.task-log-page[data-status="finished"]'),
      20000,
      'the task to finish',
    );
    await waitFor(() => deepQuery(page.doc.body, '.xterm-rows'), 5000, 'the terminal');
    expect(await page.violations()).to.deep.equal([]);
  });
});
