// The console as an operator deploys it: Debian's nginx with deploy/nginx/bastion-console.conf (the
// web terminal page enabled) serves dist/ at /ui/ and passes everything else to the reference server
// playing JumpServer's core, /koko/ included. Every page here is loaded from nginx's origin in a tab of
// its own (scripts/wtr/nginx-fixture.mjs), which signs in through nginx: the users list, an asset's
// detail, a replay, /embed.html's asset list and the web terminal over its WebSocket. Without the data
// the reference server embeds in its own /ui/ page, the console asks for its profile and settings
// itself; the scripts arrive as the build's compressed copies with the cache headers and security
// headers the reference server sends. Test data is made beside, through this page's own origin.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { captchaAnswer, loginAs, logout } from '../helpers/server.ts';
import { ASSETS, create, removeAll, uniqueName } from '../pages/assets/support/api.ts';
import { recordSession, type RecordedSession } from '../pages/terminal/replay/replay-fixture.ts';
import { MEMBER_PASSWORD, signInAs } from '../pages/userviews/support.ts';
import { makeTerminalGrant, startWorld, type Grant } from '../pages/webterminal/support/fixture.ts';

type Headers = Record<string, string>;
interface Logged {
  url: string;
  method: string;
  status: number;
  headers: Headers;
  type: string;
  fromCache: boolean;
}
interface TabLog {
  responses: Logged[];
  sockets: { url: string; status: number; headers: Headers }[];
  consoleErrors: string[];
  pageErrors: string[];
}
interface Helpers {
  deep: (selector: string) => Element | null;
  deepAll: (selector: string) => Element[];
  text: (el: Element | null | undefined) => string;
}
type InTab<A extends unknown[], R> = (h: Helpers, ...args: A) => R | Promise<R>;

const command = <T>(name: string, payload?: unknown) => executeServerCommand<T, unknown>(name, payload);
/** Runs `fn` in the nginx tab; it may use only its arguments (it is sent as source). */
const inTab = <A extends unknown[], R>(fn: InTab<A, R>, ...args: A) =>
  command<R>('nginx-eval', { fn: fn.toString(), args });
/** Polls `fn` in the tab until it returns something truthy (a navigation under way counts as "not yet"). */
async function waitInTab<A extends unknown[], R>(
  what: string,
  timeout: number,
  fn: InTab<A, R>,
  ...args: A
): Promise<NonNullable<R>> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await command<R>('nginx-eval', { fn: fn.toString(), args, poll: true });
      if (value) return value as NonNullable<R>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const where = await inTab(() => location.href).catch(() => '?');
      throw new Error(
        `${what} not met within ${timeout} ms at ${where}${lastError instanceof Error ? `: ${lastError.message}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const tabLog = () => command<TabLog>('nginx-log');
const goto = (path: string) => command('nginx-goto', { path });

/** The ten headers @fastify/helmet sends with the console (demo/server/web/security-headers.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** Rollup's chunks: an 8-character hash with an upper-case letter or a digit (static-routes.ts isHashedAsset). */
const isHashed = (file: string) => /[A-Z0-9]/.test(/-([A-Za-z0-9_-]{8})\.js$/.exec(file)?.[1] ?? '');
const fileOf = (url: string) => new URL(url).pathname.replace(/^\/ui\//, '');

/** Signs the tab in through the core's login form, reached through nginx (a captcha answered if asked). */
async function signInTab(username: string, password: string): Promise<void> {
  await waitInTab(
    'the login form',
    20_000,
    () => location.pathname === '/core/auth/login/' && !!document.getElementById('username'),
  );
  const captchaKey = await inTab(
    () => (document.querySelector('input[name="captcha_0"]') as HTMLInputElement | null)?.value ?? '',
  );
  const captcha = captchaKey ? await captchaAnswer(captchaKey) : '';
  await inTab(
    (_h, user: string, secret: string, answer: string) => {
      (document.getElementById('username') as HTMLInputElement).value = user;
      (document.getElementById('password') as HTMLInputElement).value = secret;
      const field = document.getElementById('id_captcha_1') as HTMLInputElement | null;
      if (field) field.value = answer;
      // requestSubmit fires the submit event, where the form's script encrypts the password.
      setTimeout(() => (document.getElementById('login-form') as HTMLFormElement).requestSubmit(), 0);
      return true;
    },
    username,
    password,
    captcha,
  );
  await waitInTab(
    'the sign-in to leave the login form',
    20_000,
    () => location.pathname !== '/core/auth/login/' && document.readyState === 'complete',
  );
}

describe('the console behind nginx (deploy/nginx/bastion-console.conf)', function () {
  this.timeout(120_000);
  let origin = '';
  let brotli = false;
  const made: string[] = [];
  const grants: Grant[] = [];

  before(async function () {
    if ((await fetch('/ui/bastion-console.js', { method: 'HEAD' })).status !== 200) this.skip(); // no build: `npm test` builds first
    ({ origin, brotli } = await command<{ origin: string; brotli: boolean }>('nginx-start'));
    await loginAs('admin');
  });
  after(async () => {
    await command('nginx-close');
    await logout();
    await loginAs('admin');
    for (const grant of grants.splice(0)) await removeAll(grant.made);
    await removeAll(made.splice(0));
    await logout();
  });

  it('signs in through nginx and lists the users; the console asked for its profile and settings itself', async () => {
    await command('nginx-open', { path: '/ui/#/users/users/' });
    // No session yet: the console sends the browser to the core's login form, through nginx.
    await signInTab('admin', 'bastion');
    const usernames = await waitInTab('the users list', 30_000, (h) => {
      const names = h.deepAll('.list-page tbody tr[data-id] [data-prop="username"]').map((el) => h.text(el));
      return names.length ? names : null;
    });
    expect(usernames).to.include('admin');
    expect(await inTab(() => location.pathname + location.hash)).to.equal('/ui/#/users/users/');
    // nginx sends dist/index.html as it is: no bootstrap block, so the profile and the public
    // settings came from the console's own calls, through nginx.
    expect(await inTab(() => document.getElementById('bastion-bootstrap') === null)).to.equal(true);
    const log = await tabLog();
    const asked = (path: string) =>
      log.responses.filter(
        (r) => r.url === `${origin}${path}` && r.method === 'GET' && ['xhr', 'fetch'].includes(r.type),
      );
    expect(asked('/api/v1/users/profile/').map((r) => r.status)).to.include(200);
    expect(asked('/api/v1/settings/public/').map((r) => r.status)).to.include(200);
    expect(log.pageErrors).to.deep.equal([]);
    expect(log.consoleErrors.filter((e) => /Content Security Policy|Refused/i.test(e))).to.deep.equal([]);
  });

  it("sends the build's compressed copies with the cache and security headers of the reference server", async () => {
    const log = await tabLog();
    // The console page, loaded before and after signing in: the second time the browser asked
    // again (no-cache) and nginx answered that it had not changed.
    const pages = log.responses.filter((r) => r.type === 'document' && new URL(r.url).pathname === '/ui/');
    expect(pages.map((r) => [r.status, r.fromCache])).to.deep.equal([
      [200, false],
      [304, false],
    ]);
    const page = pages[0];
    expect(page.headers['cache-control']).to.equal('no-cache');
    const scripts = log.responses.filter(
      (r) => r.url.startsWith(`${origin}/ui/`) && r.url.endsWith('.js') && r.status === 200 && !r.fromCache,
    );
    const files = [...new Set(scripts.map((r) => fileOf(r.url)))];
    expect(files).to.include('bastion-console.js');
    expect(files.filter(isHashed).length, 'shared chunks').to.be.greaterThan(2);
    const sizes = await command<Record<string, { raw: number; br: number | null; gz: number | null }>>('nginx-sizes', {
      files,
    });
    for (const response of scripts) {
      const file = fileOf(response.url);
      const encoding = response.headers['content-encoding'];
      // Chromium accepts br from a loopback origin too (seen with Debian's Chromium 150); without the module, gzip.
      expect(encoding, file).to.equal(brotli ? 'br' : 'gzip');
      // The very bytes of the build's copy: nothing compressed per request.
      expect(
        Number(response.headers['content-length']),
        `${file} is its .${encoding === 'br' ? 'br' : 'gz'} copy`,
      ).to.equal(encoding === 'br' ? sizes[file].br : sizes[file].gz);
      expect(response.headers.vary, file).to.match(/Accept-Encoding/i);
      expect(response.headers['cache-control'], file).to.equal(
        isHashed(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    // The same security headers as the reference server's for the same file (through this page's origin).
    const reference = (await fetch('/ui/bastion-console.js')).headers;
    const entry = scripts.find((r) => fileOf(r.url) === 'bastion-console.js')!;
    for (const name of SECURITY_HEADERS) {
      expect(reference.get(name), `the reference server sends ${name}`).to.be.a('string');
      expect(entry.headers[name], name).to.equal(reference.get(name));
      expect(page.headers[name], `${name} on the page`).to.equal(reference.get(name));
    }
    expect(page.headers['content-security-policy']).to.not.contain('unsafe-eval');
    expect(/script-src ([^;]*)/.exec(page.headers['content-security-policy'])?.[1]).to.equal("'self'");
  });

  it("opens an asset's detail", async () => {
    const hostname = uniqueName('nginx-asset');
    const asset = await create<{ id: string }>(ASSETS, {
      hostname,
      ip: '127.78.0.1',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    made.push(`${ASSETS}${asset.id}/`);
    await goto(`/ui/#/assets/assets/${asset.id}`);
    const title = await waitInTab(
      'the asset detail',
      20_000,
      (h, name: string) => {
        const text = h.text(h.deep('.detail-page h2.title'));
        return text.includes(name) ? text : null;
      },
      hostname,
    );
    expect(title).to.contain(hostname);
    const cells = await waitInTab('the detail card', 10_000, (h) => h.text(h.deep('.detail-card')) || null);
    expect(cells).to.contain('127.78.0.1');
  });

  it('replays a recorded session', async () => {
    const session: RecordedSession = await recordSession([2, 5], 10);
    await goto(`/ui/#/terminal/sessions/${session.id}?autoplay=0`);
    await waitInTab('the player ready', 30_000, (h) => !!h.deep('.replay-player[data-state="ready"]'));
    await inTab((h) => {
      (h.deep('.replay-toggle') as HTMLButtonElement).click();
      return true;
    });
    const screen = await waitInTab('the first command on the replayed screen', 15_000, (h) => {
      const shown = h.text(h.deep('.xterm-rows'));
      return shown.includes('OUTPUT-OF-COMMAND-1') ? shown : null;
    });
    expect(screen).to.contain('cat /var/log/step-1.log');
    const log = await tabLog();
    expect(
      log.responses.some(
        (r) => r.url.startsWith(`${origin}/api/v1/terminal/sessions/${session.id}/replay/`) && r.status === 200,
      ),
      'the recording, through nginx',
    ).to.equal(true);
  });

  it("shows /embed.html's asset list", async () => {
    await goto('/embed.html');
    const rows = await waitInTab('the asset rows', 20_000, (h) => h.deepAll('tbody tr[data-id]').length || null);
    expect(rows).to.be.greaterThan(0);
    const log = await tabLog();
    const entry = log.responses.find((r) => r.url === `${origin}/ui/bastion-asset-list.js`);
    expect(entry?.status, 'the element from nginx').to.be.oneOf([200, 304]);
    expect(log.consoleErrors.filter((e) => /Content Security Policy|Refused/i.test(e))).to.deep.equal([]);
  });

  it('runs the web terminal over its WebSocket through nginx: `echo hello` on the asset', async () => {
    const world = await startWorld();
    const { username, password } = world.sshd;
    const grant = await makeTerminalGrant(world.sshd, [{ username, password }]);
    grants.push(grant);
    // Past the first-login pages (as the member, on this page's origin), then back to admin here.
    await signInAs(grant.member.username);
    await logout();
    await loginAs('admin');

    await goto('/core/auth/logout/');
    await goto(`/luna/?login_to=${grant.asset.id}`);
    // Signed out, the page sends the browser to the login form, which brings it back.
    await signInTab(grant.member.username, MEMBER_PASSWORD);
    expect(await inTab(() => location.pathname + location.search)).to.equal(`/luna/?login_to=${grant.asset.id}`);
    await waitInTab('the terminal socket to open', 20_000, (h) => !!h.deep('.webterm-screen[data-phase="open"]')).catch(
      async (error) => {
        throw new Error(`${error.message}: ${await inTab((h) => h.text(h.deep('.webterm-banner')))}`);
      },
    );
    // The screen's rows as text (xterm's DOM renderer: one div per row), read in the tab each time.
    await waitInTab('a shell prompt', 20_000, (h) =>
      h
        .deepAll('.xterm-rows > div')
        .some((row) => /[$#] ?$/.test((row.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd())),
    );
    await inTab((h) => {
      (h.deep('.xterm-helper-textarea') as HTMLTextAreaElement).focus();
      return true;
    });
    await command('nginx-type', { text: 'echo hello' });
    await command('nginx-press', { key: 'Enter' });
    await waitInTab('the output line "hello"', 15_000, (h) =>
      h.deepAll('.xterm-rows > div').some((row) => (row.textContent ?? '').replace(/\u00a0/g, ' ').trim() === 'hello'),
    );

    const log = await tabLog();
    const socket = log.sockets.find((s) => s.url?.startsWith(`${origin.replace(/^http/, 'ws')}/koko/ws/terminal/`));
    expect(socket?.status, 'the WebSocket handshake, answered through nginx').to.equal(101);
    const page = log.responses.find(
      (r) => r.type === 'document' && r.url.startsWith(`${origin}/luna/`) && r.status === 200,
    );
    expect(page, 'the web terminal page from nginx').to.not.equal(undefined);
  });
});
