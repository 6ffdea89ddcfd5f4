// axe-core on every page the menu leads to (and each list's first row page and create form), as the
// super admin and as a plain user, in both configurations: light, Chinese, sidebar open; dark, English,
// sidebar collapsed. One page load per role and configuration, the pages reached by hash navigation as
// the menu's links reach them. No critical and no serious violation (accessibility.test.ts: the dialogs).
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { check, Tally } from './support/axe.ts';
import { everyPage, forgetPreferences, openConsole, setLicence, type Lang, type Walk } from './support/console-walk.ts';

const CONFIGS: { name: string; lang: Lang; dark: boolean; collapsed: boolean }[] = [
  { name: 'light, zh, sidebar open', lang: 'zh', dark: false, collapsed: false },
  { name: 'dark, en, sidebar collapsed', lang: 'en', dark: true, collapsed: true },
];
/** Role, first page, at least this many pages, and pages reached outside the menu (the account menu, a ticket's form). */
const ROLES: [string, string, number, string[]][] = [
  ['admin', '/dashboard', 60, ['/users/profile/']],
  ['user', '/', 4, ['/users/profile/', '/tickets/tickets/request-asset-perm/create']],
];

describe('accessibility: axe-core on every page of the admin and the user page, 0 critical and 0 serious', function () {
  this.timeout(280_000);
  let walk: Walk | undefined;
  const tally = new Tally();
  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await setLicence(true);
  });
  afterEach(() => walk?.close());
  after(async () => {
    console.log(tally.toString());
    await emulateMedia({ colorScheme: 'light' });
    forgetPreferences();
    await setLicence(false);
  });

  for (const [role, start, least, extra] of ROLES) {
    for (const config of CONFIGS) {
      it(`${role}, ${config.name}`, async () => {
        await emulateMedia({ colorScheme: config.dark ? 'dark' : 'light' });
        walk = await openConsole(role, start, { lang: config.lang, collapsed: config.collapsed });
        const failures: string[] = [];
        const { pages } = await everyPage(walk, async (path) => {
          failures.push(...(await check(walk!.win(), `${role} ${config.name} ${path}`, tally)));
        });
        expect(pages.length, pages.join(' ')).to.be.at.least(least);
        for (const path of extra) {
          await walk.go(path);
          failures.push(...(await check(walk.win(), `${role} ${config.name} ${path}`, tally)));
        }
        expect(failures).to.deep.equal([]);
      });
    }
  }
});
