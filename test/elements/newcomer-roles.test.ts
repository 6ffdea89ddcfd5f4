// The newcomer's walk (newcomer-admin.test.ts) as org admins and the super auditor, on their pages, in both languages, licensed
// (the menu then has Tickets too): no translation key, foreign time, other language, or page leaving the console.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { loginAs } from '../helpers/server.ts';
import { forgetPreferences, setLicence, type Walk } from './support/console-walk.ts';
import { walkRole } from './support/newcomer-walk.ts';

const ROLES: [string, string, number][] = [['orgadmin', '/dashboard', 40], ['sysauditor', '/dashboard', 8]];

describe('newcomer: every page of org admins and the super auditor in Chinese and English', function () {
  this.timeout(280_000);
  let walk: Walk | undefined;
  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await emulateMedia({ colorScheme: 'light' });
    await setLicence(true);
  });
  afterEach(() => walk?.close());
  after(async () => {
    forgetPreferences();
    await setLicence(false);
  });

  for (const [role, start, least] of ROLES) {
    it(`${role}: no key, foreign time or other language on any page, in either language`, async () => {
      expect(await walkRole(role, start, least, (opened) => { walk = opened; })).to.deep.equal([]);
    });
  }
});
