// The newcomer's walk of one role (every page its menu leads to, the account menu's pages and the menu's
// pages outside the console, in both languages), shared by the newcomer suites.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { everyPage, forgetPreferences, openConsole, setLicence, type Lang, type Walk } from './console-walk.ts';
import { newcomerProblems } from './newcomer-checks.ts';

/** Pages every role reaches outside the menu (the account menu's). */
const ACCOUNT_PAGES = ['/users/profile/'];

/** Walks `role` from `start` in both languages (and `extra` pages outside its menu); at least `least` pages each; returns what was wrong. */
export async function walkRole(
  role: string,
  start: string,
  least: number,
  opened: (walk: Walk) => void,
  extra: string[] = [],
): Promise<string[]> {
  const problems: string[] = [];
  for (const lang of ['zh', 'en'] as Lang[]) {
    let walk = await openConsole(role, start, { lang });
    opened(walk);
    const { pages, outside } = await everyPage(walk, async (path) => {
      problems.push(...newcomerProblems(walk, `${lang} ${path}`, lang));
    });
    expect(pages.length, `${role} ${lang}: ${pages.join(' ')}`).to.be.at.least(least);
    for (const path of [...ACCOUNT_PAGES, ...extra]) {
      await walk.go(path);
      problems.push(...newcomerProblems(walk, `${lang} ${path}`, lang));
    }
    // The menu's pages outside the console: the web terminal's and the file manager's.
    for (const path of outside) {
      walk.close();
      walk = await openConsole(role, path, { lang });
      opened(walk);
      problems.push(...newcomerProblems(walk, `${lang} ${path}`, lang, path));
    }
    walk.close();
  }
  return problems;
}

/** Role, first page, at least this many pages, and pages reached outside the menu. */
export type WalkedRole = [role: string, start: string, least: number, extra?: string[]];

/**
 * The licensed walk of these roles as one suite (each suite file is its own browser page, so the roles of
 * one file share its time budget): light theme, licence on, preferences forgotten afterwards.
 */
export function newcomerSuite(title: string, roles: WalkedRole[]): void {
  describe(title, function () {
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

    for (const [role, start, least, extra] of roles) {
      it(`${role}: no key, foreign time or other language on any page, in either language`, async () => {
        expect(
          await walkRole(
            role,
            start,
            least,
            (opened) => {
              walk = opened;
            },
            extra,
          ),
        ).to.deep.equal([]);
      });
    }
  });
}
