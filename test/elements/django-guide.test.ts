// README.md's "Elements in Django templates", as written: its template rendered for the request's language
// and served with its view's Content-Security-Policy on the origin of /ui/ and /api/
// (scripts/wtr/django-guide-fixture.mjs, scripts/lib/django-guide.mjs). In Chromium the element lists the
// assets in the template's language (<html lang>), the page's own script runs, and nothing breaks the policy.
import { expect } from '@open-wc/testing';
import { deepQuery, deepQueryAll, waitFor } from '../helpers/dom.ts';
import { loginAs, logout } from '../helpers/server.ts';
import { ASSETS, create, removeAll, uniqueName } from '../pages/assets/support/api.ts';
import { loadFrame } from './support/csp-frame.ts';

const VIEW = '/core-portal/assets/';
const setLanguage = (code: string | null) => {
  document.cookie = code
    ? `django_language=${code}; path=/`
    : 'django_language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe("README's Django template and view", () => {
  const made: string[] = [];
  let frame: HTMLIFrameElement | undefined;

  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await loginAs('admin');
    const asset = await create(ASSETS, {
      hostname: uniqueName('django'),
      ip: '127.50.0.9',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    made.push(`${ASSETS}${asset.id}/`);
  });
  afterEach(() => {
    frame?.remove();
    setLanguage(null);
  });
  after(async () => {
    await loginAs('admin');
    await removeAll(made);
    await logout();
  });

  it("is served with the view's policy, and the page is in the template's language", async () => {
    setLanguage('en');
    const response = await fetch(VIEW);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-security-policy')).to.match(
      /^default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'/,
    );
    expect(await response.text()).to.match(/<html lang="en">/);
  });

  for (const [code, hostname, select] of [
    ['en', 'Hostname', 'Select all'],
    ['zh-hans', '主机名', '全选'],
  ] as const) {
    it(`<bastion-asset-list> shows in ${code} with no violation, and the page's own script runs`, async () => {
      setLanguage(code);
      const page = await loadFrame(VIEW);
      frame = page.frame;
      await waitFor(() => deepQuery(page.doc.body, 'tbody tr[data-id]'), 15000, 'an asset row').catch(async (error) => {
        throw new Error(`${error.message}; violations: ${(await page.violations()).join(' | ')}`);
      });
      expect(page.doc.documentElement.lang).to.equal(code);
      const headers = deepQueryAll(page.doc.body, 'thead th').map((th) => th.textContent ?? '');
      expect(headers.join(' | ')).to.contain(hostname);
      const selectAll = deepQuery<HTMLInputElement>(page.doc.body, 'input.select-all')!;
      expect(selectAll.getAttribute('aria-label')).to.equal(select);
      expect(page.doc.documentElement.dataset.portalScript, "the template's {% static %} script").to.equal('ran');
      selectAll.click();
      await waitFor(() => page.doc.documentElement.dataset.selected, 5000, "the page's script hearing asset-select");
      expect(await page.violations()).to.deep.equal([]);
    });
  }
});
