// A newcomer in each language walks every page of the admin's console (the built console as the
// reference server serves it): the menu's pages, each list's first row page and create form. No page
// shows a translation key, a time in another zone or the browser locale's format, Chinese in the
// English console's own words, or leaves the console. The forms a section loads first are opened by
// their address too, fresh: their texts are read before the section's English catalogue arrives.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { everyPage, forgetPreferences, openConsole, setLicence, type Lang, type Walk } from './support/console-walk.ts';
import { newcomerProblems } from './support/newcomer-checks.ts';

const FRESH_FORMS = [
  '/assets/system-users/create',
  '/assets/assets/create',
  '/assets/admin-users/create',
  '/assets/gateways/create',
  '/applications/remote-apps/create',
  '/perms/asset-permissions',
  '/terminal/command',
  '/settings',
  '/users/profile/',
];

describe('newcomer: every admin page in Chinese and English', function () {
  this.timeout(280_000);
  let walk: Walk | undefined;
  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await emulateMedia({ colorScheme: 'light' });
    await setLicence(true); // the menu then has Tickets and remote apps too
  });
  afterEach(() => walk?.close());
  after(async () => {
    forgetPreferences();
    await setLicence(false);
  });

  for (const lang of ['zh', 'en'] as Lang[]) {
    it(`meets no key, foreign time or other language on any page (${lang})`, async () => {
      walk = await openConsole('admin', '/dashboard', { lang });
      const problems: string[] = [];
      const { pages } = await everyPage(walk, async (path) => {
        problems.push(...newcomerProblems(walk!, path, lang));
      });
      expect(pages.length, `pages walked: ${pages.join(' ')}`).to.be.greaterThan(50);
      expect(problems).to.deep.equal([]);
    });
  }

  it('opens the console at /ui/ in English, every time (the early guard may settle before the console mounts)', async () => {
    for (let load = 0; load < 4; load += 1) {
      walk?.close();
      walk = await openConsole('admin', '/ui/', { lang: 'en' });
      expect(walk.find('nav.sidebar'), `load ${load + 1}: the shell, not a spinner`).to.not.equal(null);
    }
  });

  it('meets no key on the forms opened fresh by their address in English (before their catalogue arrives)', async () => {
    const problems: string[] = [];
    for (const path of FRESH_FORMS) {
      walk?.close();
      walk = await openConsole('admin', path, { lang: 'en' });
      problems.push(...newcomerProblems(walk, `${path} (fresh)`, 'en'));
    }
    expect(problems).to.deep.equal([]);
  });
});
