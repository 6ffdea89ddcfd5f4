// axe-core on the pages of the accessibility budget, the bare pages and the dialogs, each the built console
// or host page as the reference server serves it (in an iframe, under its Content-Security-Policy), in
// both configurations a user may have: light, Chinese, sidebar open; and dark, English, sidebar collapsed.
// No critical and no serious violation. Every page of every role: accessibility-every-page.test.ts.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { api } from '../helpers/server.ts';
import { check, Tally } from './support/axe.ts';
import { forgetPreferences, openConsole, setLicence, type Lang, type Walk } from './support/console-walk.ts';

interface Config {
  name: string;
  lang: Lang;
  dark: boolean;
  collapsed: boolean;
}
const CONFIGS: Config[] = [
  { name: 'light, zh, sidebar open', lang: 'zh', dark: false, collapsed: false },
  { name: 'dark, en, sidebar collapsed', lang: 'en', dark: true, collapsed: true },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const click = (element: Element | null, what: string) => {
  if (!element) throw new Error(`nothing to click: ${what}`);
  (element as HTMLElement).click();
};

describe("accessibility: axe-core on the budget's pages, the bare pages and the dialogs, 0 critical and 0 serious", function () {
  this.timeout(240_000);
  let walk: Walk | undefined;
  let assetId = '';
  let userId = '';
  let sessionId = '';
  const tally = new Tally();

  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await setLicence(true);
    assetId = (await api<{ results: { id: string }[] }>('GET', '/api/v1/assets/assets/?limit=1&offset=0')).data
      .results[0].id;
    userId = (
      await api<{ results: { id: string; username: string }[] }>('GET', '/api/v1/users/users/?limit=20&offset=0')
    ).data.results.find((u) => u.username === 'liwei')!.id;
    // A sample session of the seeded data: a browser test cannot record one (the door signs sessions in).
    const sessions = await api<{ results: { id: string; can_replay: boolean }[] }>(
      'GET',
      '/api/v1/terminal/sessions/?is_finished=1&limit=20&offset=0',
    );
    sessionId = sessions.data.results.find((row) => row.can_replay)!.id;
  });
  afterEach(() => walk?.close());
  after(async () => {
    console.log(tally.toString());
    await emulateMedia({ colorScheme: 'light' });
    forgetPreferences();
    await setLicence(false);
  });

  for (const config of CONFIGS) {
    describe(config.name, () => {
      before(() => emulateMedia({ colorScheme: config.dark ? 'dark' : 'light' }));
      const open = async (role: string | null, path: string) => {
        walk?.close();
        walk = await openConsole(role, path, { lang: config.lang, collapsed: config.collapsed });
        return walk;
      };
      const axe = (where: string) => check(walk!.win(), `${config.name} ${where}`, tally);

      it('the sign-in page and the 404 page', async () => {
        await open(null, '/ui/#/login');
        const failures = await axe('login');
        await open('admin', '/no-such-page');
        failures.push(...(await axe('404')));
        expect(failures).to.deep.equal([]);
      });

      it('the admin pages of the budget', async () => {
        await open('admin', '/dashboard');
        const failures: string[] = [];
        for (const path of [
          '/dashboard',
          '/users/users',
          '/users/users/create',
          '/assets/assets',
          `/assets/assets/${assetId}`,
          '/perms/asset-permissions',
          '/terminal/session?activeTab=history',
          '/settings',
          '/tickets/tickets',
          '/tickets/tickets/request-asset-perm/create',
          '/settings?activeTab=license',
        ]) {
          await walk!.go(path);
          failures.push(...(await axe(path)));
        }
        await walk!.go(`/terminal/sessions/${sessionId}`);
        await waitFor(() => walk!.find('.replay-player[data-state="ready"]'), 15_000, 'the replay');
        failures.push(...(await axe('replay')));
        expect(failures).to.deep.equal([]);
      });

      it("menus, pick lists and the collapsed bar's flyout, open", async () => {
        await open('admin', '/users/users/create');
        const failures: string[] = [];
        for (const menu of ['.navbar .help-menu', '.navbar .lang-menu', '.navbar .account-menu']) {
          const button = walk!.find(`${menu} button`);
          if (!button) continue;
          click(button, menu);
          await sleep(150);
          failures.push(...(await axe(`${menu} open`)));
          click(button, menu);
        }
        const combo = await waitFor(
          () => walk!.find<HTMLInputElement>('.form-item[data-field="groups"] input.combo-input'),
          8000,
          'a pick list',
        );
        combo.focus();
        await waitFor(() => walk!.find('.form-item[data-field="groups"] [role="listbox"]'), 5000, 'the open list');
        failures.push(...(await axe('pick list open')));
        combo.blur();
        const group = walk!.find<HTMLButtonElement>('nav.sidebar li.group > button[aria-expanded="false"]')!;
        click(group, 'a menu group');
        await sleep(150);
        failures.push(...(await axe(config.collapsed ? 'sidebar flyout open' : 'menu group open')));
        const tag = walk!.find('.tags-view .tag');
        tag?.dispatchEvent(
          new (walk!.win() as unknown as typeof globalThis).MouseEvent('contextmenu', {
            bubbles: true,
            composed: true,
            clientX: 300,
            clientY: 70,
          }),
        );
        await sleep(150);
        failures.push(...(await axe('tabs menu open')));
        expect(failures).to.deep.equal([]);
      });

      it("the dialogs: delete, export, import, API key, move to node, a task's log, LDAP login", async () => {
        await open('admin', `/users/users/${userId}`);
        const failures: string[] = [];
        const dialog = async (what: string, opener: () => void, shown: string) => {
          opener();
          await waitFor(() => walk!.find(`${shown}[open]`) ?? walk!.find(shown), 8000, what);
          await sleep(400); // the dialog's opening animation
          failures.push(...(await axe(what)));
          // Closed as a user closes it (Cancel, or the dialog's own hide), so the next one opens alone.
          const cancel = walk!.find('sl-dialog[open] .confirm-cancel');
          if (cancel) click(cancel, 'cancel');
          for (const open of walk!.findAll('sl-dialog[open]'))
            void (open as unknown as { hide(): Promise<void> }).hide();
          await sleep(400);
        };
        await dialog(
          'delete confirmation',
          () => click(walk!.find('.detail-page sl-button.delete'), 'delete'),
          'sl-dialog.confirm-dialog',
        );
        await walk!.go('/users/users');
        await dialog('export dialog', () => click(walk!.find('.list-page button.export'), 'export'), 'sl-dialog');
        await walk!.go('/assets/admin-users');
        await dialog('import dialog', () => click(walk!.find('.list-page button.import'), 'import'), 'sl-dialog');
        await dialog(
          'API key dialog',
          () => {
            click(walk!.find('.navbar .account-menu button'), 'account menu');
            click(walk!.find('.navbar .account-menu li[data-value="apiKey"]'), 'API key');
          },
          'sl-dialog',
        );
        await walk!.go('/assets/assets');
        const row = await waitFor(
          () => walk!.find<HTMLInputElement>('.list-page tbody tr[data-id] input.select-row'),
          8000,
          'an asset row',
        );
        click(row, 'a row');
        await dialog(
          'move to node dialog',
          () => {
            click(walk!.find('.list-page .more-actions button'), 'more');
            click(walk!.find('.list-page .more-actions li[data-value="node-replace"]'), 'move to');
          },
          'sl-dialog',
        );
        await walk!.go('/ops/tasks');
        await dialog(
          'task log dialog',
          () => click(walk!.find('.list-page tbody tr[data-id] button.action-run'), 'run'),
          'sl-dialog.task-run-dialog',
        );
        await walk!.go('/settings?activeTab=ldap');
        await dialog(
          'LDAP login dialog',
          () => click(walk!.find('.settings-form sl-button.ldap-test-login'), 'LDAP login'),
          'sl-dialog',
        );
        expect(failures).to.deep.equal([]);
      });

      it("the user page, the web terminal's picker, the file manager and the embedded asset list", async () => {
        const failures: string[] = [];
        await open('user', '/');
        failures.push(...(await axe('My assets')));
        for (const path of ['/luna/', '/koko/elfinder/sftp/']) {
          await open('user', path);
          failures.push(...(await axe(path)));
        }
        await open('admin', '/embed.html');
        failures.push(...(await axe('embed page')));
        expect(failures).to.deep.equal([]);
      });
    });
  }

  // After the configurations' suites (a suite's own tests run before its nested ones).
  describe('summary', () => {
    it('checked every state of both configurations', () => {
      expect(tally.states, tally.toString()).to.be.at.least(60);
    });
  });
});
