// The web terminal page (/luna/) as a granted user meets it, served by the reference server in an
// iframe (its CSP, its bundle): the asset list to pick from, the system user to pick, the refusal of
// an asset not granted; then, with the terminal component and a private sshd running, `echo hello`
// typed into the xterm with its output on screen, and the close message of a session that ends.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../../helpers/dom.ts';
import { api, loginAs, logout } from '../../helpers/server.ts';
import { removeAll } from '../assets/support/api.ts';
import { signInAs } from '../userviews/support.ts';
import {
  loadPage,
  makeTerminalGrant,
  screenLines,
  startWorld,
  type Grant,
  type LoadedPage,
} from './support/fixture.ts';

const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to click');
  (el as HTMLElement).click();
};
/** What a user reads in an element of the frame (helpers/dom.ts `text` knows this window's nodes only). */
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** A loopback port nothing listens on (the asset of the tests that never reach a shell). */
const NOWHERE = { host: '127.0.0.1', port: 1 };
const grants: Grant[] = [];
type Session = { is_finished: boolean; login_from: string; remote_addr: string; protocol: string };

async function grantAndSignIn(
  target: { host: string; port: number },
  accounts: { username: string; password: string }[],
): Promise<Grant> {
  await logout();
  await loginAs('admin');
  const grant = await makeTerminalGrant(target, accounts);
  grants.push(grant);
  await signInAs(grant.member.username);
  return grant;
}

describe('web terminal page /luna/', function () {
  this.timeout(90_000);
  let page: LoadedPage | undefined;

  before(async function () {
    if ((await fetch('/ui/bastion-web-terminal.js', { method: 'HEAD' })).status !== 200) this.skip(); // no build: `npm test` builds first
  });
  afterEach(() => page?.frame.remove());
  after(async () => {
    await logout();
    await loginAs('admin');
    for (const grant of grants.splice(0)) await removeAll(grant.made);
    await logout();
  });

  describe('choosing what to connect to', () => {
    let grant: Grant;
    before(async () => {
      grant = await grantAndSignIn(NOWHERE, [
        { username: 'root', password: 'x' },
        { username: 'ops', password: 'y' },
      ]);
    });

    it('without login_to lists the granted assets; Connect asks for the system user', async () => {
      page = await loadPage('/luna/?_=1');
      const row = await waitFor(
        () => page!.root()?.querySelector(`tr[data-id="${grant.asset.id}"]`),
        15000,
        'the granted asset row',
      );
      expect(text(row.querySelector('[data-prop="hostname"]'))).to.equal(grant.asset.hostname);
      click(row.querySelector('.connect'));
      const picker = await waitFor(
        () => page!.root()?.querySelector('.system-user-picker'),
        8000,
        'the system user picker',
      );
      expect(text(picker.querySelector('h2'))).to.equal(`选择登录 ${grant.asset.hostname} 的系统用户`);
      expect([...picker.querySelectorAll('.system-user-list li .name')].map((el) => text(el))).to.deep.equal(
        grant.systemUsers.map((su) => su.name),
      );
      expect(page.violations).to.deep.equal([]);
    });

    it('an asset that is not granted is refused in words, with a way to choose another', async () => {
      page = await loadPage('/luna/?login_to=00000000-0000-4000-8000-000000000000');
      const message = await waitFor(() => page!.root()?.querySelector('.message.missing'), 15000, 'the refusal');
      expect(text(message)).to.equal('该资产不存在或未授权给您。');
      click(page.root()!.querySelector('.other'));
      await waitFor(() => page!.root()?.querySelector(`tr[data-id="${grant.asset.id}"]`), 15000, 'the asset list');
    });

    it('signed out, the page is the login form, which will come back to the asset', async () => {
      await logout();
      page = await loadPage(`/luna/?login_to=${grant.asset.id}`);
      expect(page.frame.contentWindow!.location.pathname).to.equal('/core/auth/login/');
      const next = page.doc.querySelector<HTMLInputElement>('input[name="next"]');
      expect(next?.value).to.equal(`/luna/?login_to=${grant.asset.id}`);
    });
  });

  describe('with the terminal component and an sshd running', () => {
    let world: Awaited<ReturnType<typeof startWorld>>;
    before(async () => {
      world = await startWorld();
    });

    it('login_to: pick the system user, then `echo hello` runs on the asset and its output shows', async () => {
      const { username, password } = world.sshd;
      const grant = await grantAndSignIn(world.sshd, [
        { username, password },
        { username, password: 'not-the-password' },
      ]);
      page = await loadPage(`/luna/?login_to=${grant.asset.id}`);
      const picker = await waitFor(
        () => page!.root()?.querySelector('.system-user-picker'),
        15000,
        'the system user picker',
      );
      click(picker.querySelector(`li[data-id="${grant.systemUsers[0].id}"] .connect`));
      const root = page.root()!;
      const screen = () => screenLines(root).filter(Boolean).join(' | ');
      await waitFor(
        () => root.querySelector('.webterm-screen[data-phase="open"]'),
        15000,
        'the terminal socket to open',
      ).catch((error) => {
        throw new Error(`${error.message}: ${text(root.querySelector('.webterm-banner'))}`);
      });
      await waitFor(() => screenLines(root).some((line) => /[$#] ?$/.test(line)), 20000, 'a shell prompt').catch(
        (error) => {
          throw new Error(`${error.message}: ${screen()} ${text(root.querySelector('.webterm-banner'))}`);
        },
      );
      // Typing as a user types: keys into the focused terminal.
      root.querySelector<HTMLTextAreaElement>('.xterm-helper-textarea')!.focus();
      await sendKeys({ type: 'echo hello' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => screenLines(root).includes('hello'), 15000, 'the output line "hello"').catch((error) => {
        throw new Error(`${error.message}: ${screen()}`);
      });
      expect(screenLines(root).some((line) => line.endsWith('echo hello'))).to.equal(true);

      // Tab stays in the terminal (a shell completes with it); Ctrl+], said on screen, leaves it for the bar under it.
      const textarea = root.querySelector<HTMLTextAreaElement>('.xterm-helper-textarea')!;
      const hint = root.querySelector(`#${CSS.escape(textarea.getAttribute('aria-describedby') ?? '')}`);
      expect(text(hint)).to.equal('终端接收所有按键（包括 Tab）：按 Ctrl+] 离开终端，回到这里');
      expect(hint!.getBoundingClientRect().height, 'the hint is on screen').to.be.greaterThan(0);
      await sendKeys({ press: 'Tab' });
      expect(root.activeElement, "Tab is the shell's").to.equal(textarea);
      await sendKeys({ down: 'Control' });
      await sendKeys({ press: 'BracketRight' });
      await sendKeys({ up: 'Control' });
      await waitFor(() => root.activeElement?.classList.contains('leave-target'), 3000, 'focus out of the terminal');
      expect(text(root.activeElement)).to.equal('连接其他资产');
      textarea.focus();

      // The window's size reaches the shell: `stty size` (rows cols) before and after the window narrows.
      const sizes = () =>
        screenLines(root)
          .filter((line) => /^\d+ \d+$/.test(line))
          .map((line) => line.split(' ').map(Number));
      await sendKeys({ type: 'stty size' });
      await sendKeys({ press: 'Enter' });
      const [[rows, cols]] = await waitFor(() => (sizes().length === 1 ? sizes() : null), 10000, 'the first stty size');
      page.frame.width = '600';
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sendKeys({ type: 'stty size' });
      await sendKeys({ press: 'Enter' });
      const [, [rowsAfter, colsAfter]] = await waitFor(
        () => (sizes().length === 2 ? sizes() : null),
        10000,
        'the second stty size',
      ).catch((error) => {
        throw new Error(`${error.message}: ${screen()}`);
      });
      expect(rowsAfter).to.equal(rows);
      expect(colsAfter).to.be.below(cols);
      expect(page.violations).to.deep.equal([]);

      // Closing the page ends the session, recorded as a web terminal session from the caller's address.
      page.frame.remove();
      await logout();
      await loginAs('admin');
      const recorded = await waitFor(
        async () => {
          const found = (
            await api<{ results?: Session[] } | Session[]>(
              'GET',
              `/api/v1/terminal/sessions/?search=${grant.asset.hostname}`,
            )
          ).data;
          const session = (Array.isArray(found) ? found : (found.results ?? []))[0];
          return session?.is_finished ? session : null;
        },
        15000,
        'the finished session',
      );
      expect([recorded.login_from, recorded.remote_addr, recorded.protocol]).to.deep.equal(['WT', '127.0.0.1', 'ssh']);
    });

    it('one system user is picked without asking; a session that ends leaves its reason on screen', async () => {
      const grant = await grantAndSignIn(NOWHERE, [{ username: 'root', password: 'x' }]);
      page = await loadPage(`/luna/?login_to=${grant.asset.id}`);
      const banner = await waitFor(
        () => page!.root()?.querySelector('.webterm-banner.ended'),
        20000,
        'the end of the session',
      );
      expect(page.root()!.querySelector('.system-user-picker')).to.equal(null);
      expect(text(banner.querySelector('.reason'))).to.match(
        new RegExp(`^Could not connect to ${grant.asset.hostname}`),
      );
      expect(banner.querySelector('.reconnect')).to.not.equal(null);
    });
  });
});
