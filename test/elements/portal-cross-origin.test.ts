// A portal on another site: the demo portal (demo/portal/) on 127.0.0.2 embeds <bastion-asset-list> and
// <bastion-session-replay> from a bastion on 127.0.0.1 that lists it in BASTION_CORS_ORIGINS
// (scripts/wtr/portal-fixture.mjs starts both, and a copy of the portal on 127.0.0.3 that is not
// listed). The widgets load across origins, the user signs in through the popup (authorization code
// + PKCE, the server's own login form), the list shows the user's assets and the replay plays, all
// with the token the popup brought back. The unlisted origin gets no CORS header, so no element, and
// the authorization server refuses its redirect URI.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

interface Helpers {
  deep: (selector: string) => Element | null;
  deepAll: (selector: string) => Element[];
  text: (el: Element | null | undefined) => string;
}
type InTab<A extends unknown[], R> = (h: Helpers, ...args: A) => R | Promise<R>;
interface Started {
  bastion: string;
  portal: string;
  refused: string;
  redirectUri: string;
  session: string;
}
interface TabLog {
  responses: { url: string; status: number; headers: Record<string, string> }[];
  consoleErrors: string[];
}

const command = <T>(name: string, payload?: unknown) => executeServerCommand<T, unknown>(name, payload);
const inTab = <A extends unknown[], R>(fn: InTab<A, R>, ...args: A) =>
  command<R>('portal-eval', { fn: fn.toString(), args });

async function waitInTab<A extends unknown[], R>(
  what: string,
  timeout: number,
  fn: InTab<A, R>,
  ...args: A
): Promise<NonNullable<R>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await command<R>('portal-eval', { fn: fn.toString(), args, poll: true }).catch(() => null);
    if (value) return value as NonNullable<R>;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a portal on another site', function () {
  this.timeout(120_000);
  let sites: Started;

  before(async () => {
    sites = (await command<Started>('portal-start'))!;
  });
  after(async () => {
    await command('portal-close');
  });

  it("loads the widgets, signs in by the popup (code + PKCE), lists the user's assets and plays a replay", async () => {
    expect(new URL(sites.portal).hostname).to.equal('127.0.0.2');
    expect(new URL(sites.bastion).hostname).to.equal('127.0.0.1');
    await command('portal-open', { site: 'portal', path: `/?session=${sites.session}` });

    // The widgets came from the bastion's origin and are defined; signed out, they offer the popup sign-in.
    await waitInTab('the sign-in buttons', 20_000, (h) => h.deepAll('.sign-in-button').length === 2);
    expect(
      await inTab(() => [!!customElements.get('bastion-asset-list'), !!customElements.get('bastion-session-replay')]),
    ).to.deep.equal([true, true]);
    const log = (await command<TabLog>('portal-log'))!;
    const script = log.responses.find((r) => r.url === `${sites.bastion}/ui/bastion-asset-list.js`);
    expect(script?.status).to.equal(200);
    expect(script?.headers['access-control-allow-origin']).to.equal(sites.portal);
    expect(script?.headers['cross-origin-resource-policy']).to.equal('cross-origin');
    expect(script?.headers['access-control-allow-credentials']).to.equal(undefined);

    // A popup closed before signing in changes nothing but a word of why; the button stays.
    await command('portal-click', { selector: '.sign-in-button' });
    await command('portal-popup-close');
    await waitInTab('the closed popup said', 10_000, (h) => h.text(h.deep('.sign-in-problem')).includes('closed'));
    expect(await inTab((h) => h.deepAll('.sign-in-button').length)).to.equal(2);

    await command('portal-click', { selector: '.sign-in-button' });
    const popup = (await command<{ closed: boolean; loginUrl: string }>('portal-popup-login', { username: 'admin' }))!;
    // The popup showed the bastion's own sign-in page, then closed once the portal had its code.
    expect(new URL(popup.loginUrl).origin).to.equal(sites.bastion);
    expect(new URL(popup.loginUrl).pathname).to.equal('/core/auth/login/');
    expect(popup.closed).to.equal(true);

    // The list shows the admin's assets (the seed's, all on loopback addresses).
    const rows = await waitInTab('asset rows', 20_000, (h) => {
      const cells = h
        .deepAll('tbody tr')
        .map((tr) => h.text(tr))
        .filter((text) => /127\.\d+\.\d+\.\d+/.test(text));
      return cells.length > 0 ? cells : null;
    }).catch(async (error: Error) => {
      const seen = (await command<TabLog>('portal-log'))!.responses
        .filter((r) => r.url.includes('/api/'))
        .map((r) => `${r.status} ${r.url}`);
      throw new Error(`${error.message}; API calls: ${seen.join(', ')}`);
    });
    expect(rows.length).to.be.greaterThan(0);
    expect(await inTab((h) => h.deepAll('.sign-in-button').length)).to.equal(0);

    // The replay, with the same token: ready, then it plays.
    await waitInTab('bastion-replay-ready', 20_000, (h) =>
      h.deepAll('#events li').some((li) => h.text(li).includes('bastion-replay-ready')),
    );
    await inTab(async () => {
      const replay = document.querySelector('bastion-session-replay') as HTMLElement & { play(): Promise<void> };
      // Below the list's rows (each with its Connect button): xterm draws only while its screen is on view.
      replay.scrollIntoView();
      await replay.play();
    });
    await waitInTab(
      'the replay to play past 2 s',
      20_000,
      (h) => Number((h.deep('.replay-player') as HTMLElement | null)?.dataset.position ?? 0) > 2,
    );
    expect(await inTab((h) => h.text(h.deep('.xterm-rows')))).to.contain('portal replay line');

    // Every API call left with the bearer token and came back with the portal's origin allowed.
    const after = (await command<TabLog>('portal-log'))!;
    const api = after.responses.filter((r) => r.url.startsWith(`${sites.bastion}/api/`) && r.status === 200);
    expect(api.length).to.be.greaterThan(3);
    expect(api.every((r) => r.headers['access-control-allow-origin'] === sites.portal)).to.equal(true);
  });

  it("shows a plain user who signs in by the popup the assets granted to them, and Connect opens the bastion's web terminal", async () => {
    await command('portal-open', { site: 'portal', path: '/' });
    await waitInTab('the sign-in buttons', 20_000, (h) => h.deepAll('.sign-in-button').length === 2);
    // The first button is the list's (the replay's follows it).
    await command('portal-click', { selector: '.sign-in-button' });
    const popup = (await command<{ closed: boolean }>('portal-popup-login', { username: 'user' }))!;
    expect(popup.closed).to.equal(true);

    // The user's own first page, as a portal token for them reads it: what the list must show.
    const mine = (await command<{ count: number; results: { id: string; hostname: string }[] }>('portal-user-assets', {
      username: 'user',
      limit: 10,
    }))!;
    expect(mine.results.length).to.be.greaterThan(0);
    const want = mine.results.map((row) => `${row.id}:${row.hostname}`).join();
    await waitInTab(
      "the user's own assets",
      20_000,
      (_h, expected: string) => {
        const root = document.querySelector('bastion-asset-list')?.shadowRoot;
        const shown = [...(root?.querySelectorAll('tbody tr[data-id]') ?? [])]
          .map((tr) => `${tr.getAttribute('data-id')}:${tr.querySelector('[data-prop="hostname"]')?.textContent ?? ''}`)
          .join();
        return shown === expected;
      },
      want,
    ).catch(async (error: Error) => {
      const log = (await command<TabLog>('portal-log'))!;
      throw new Error(
        `${error.message}; API calls: ${log.responses
          .filter((r) => r.url.includes('/api/'))
          .map((r) => `${r.status} ${r.url}`)
          .join(', ')}`,
      );
    });
    expect(
      await inTab(
        () => document.querySelector('bastion-asset-list')!.shadowRoot!.querySelectorAll('.element-message').length,
      ),
    ).to.equal(0);
    // Its granted tree (with the favourites node) and the favourites marked: the seed stars the user's first two.
    await waitInTab('the granted tree and the marks', 20_000, () => {
      const root = document.querySelector('bastion-asset-list')!.shadowRoot!;
      return (
        !!root.querySelector('.node-row[data-key="-12"]') && root.querySelectorAll('tbody .favorite-mark').length === 2
      );
    });
    // Read with the user-page endpoints only: never the org's list, which refuses a plain user.
    const log = (await command<TabLog>('portal-log'))!;
    const api = log.responses.filter((r) => r.url.startsWith(`${sites.bastion}/api/`));
    const calls = api.map((r) => `${r.status} ${r.url.slice(sites.bastion.length).split('?')[0]}`);
    expect(calls).to.include.members([
      '200 /api/v1/perms/users/assets/',
      '200 /api/v1/perms/users/nodes/children/tree/',
      '200 /api/v1/assets/favorite-assets/',
    ]);
    expect(api.filter((r) => r.url.startsWith(`${sites.bastion}/api/v1/assets/assets/`))).to.deep.equal([]);
    expect(api.filter((r) => r.status === 403).map((r) => r.url)).to.deep.equal([]);

    // Connect: the portal hears bastion-asset-connect, and the terminal opens on the bastion's origin, not the portal's.
    await inTab(() => {
      const opened: unknown[][] = [];
      Object.assign(window, { opened });
      window.open = ((...args: unknown[]) => {
        opened.push(args);
        return null;
      }) as typeof window.open;
    });
    const [first] = mine.results;
    await command('portal-click', { selector: `tr[data-id="${first.id}"] button.asset-connect` });
    expect(await inTab(() => (window as unknown as { opened: unknown[][] }).opened)).to.deep.equal([
      [`${sites.bastion}/luna/?login_to=${first.id}`, '_blank', 'noopener'],
    ]);
    await waitInTab(
      'the connect event',
      5_000,
      (h, hostname: string) =>
        h.deepAll('#events li').some((li) => h.text(li).includes(`bastion-asset-connect: ${hostname}`)),
      first.hostname,
    );
  });

  it("works with a portal's own OIDC client (oidc-client-ts): its token goes to the element, which reports it spent once revoked", async () => {
    await command('portal-open', { site: 'portal', path: '/oidc.html' });
    await waitInTab('the element', 20_000, () => !!customElements.get('bastion-asset-list'));
    await command('portal-click', { selector: '#sign-in' });
    const popup = (await command<{ closed: boolean; loginUrl: string }>('portal-popup-login', { username: 'admin' }))!;
    expect(new URL(popup.loginUrl).origin).to.equal(sites.bastion);
    await waitInTab('signed in', 20_000, (h) => h.text(document.getElementById('who')).includes('admin')).catch(
      async (error: Error) => {
        const events = await inTab((h) =>
          h
            .deepAll('#events li')
            .map((li) => h.text(li))
            .join(' / '),
        );
        const log = (await command<TabLog>('portal-log'))!;
        throw new Error(
          `${error.message}; events: ${events}; errors: ${log.consoleErrors.join(' / ')}; calls: ${log.responses
            .filter((r) => r.url.includes('/oidc') || r.url.includes('/api/'))
            .map((r) => `${r.status} ${r.url}`)
            .join(', ')}`,
        );
      },
    );
    await waitInTab('asset rows', 20_000, (h) =>
      h.deepAll('tbody tr').some((tr) => /127\.\d+\.\d+\.\d+/.test(h.text(tr))),
    );
    // The token was handed over as a property: no attribute shows it.
    expect(await inTab(() => document.querySelector('bastion-asset-list')!.hasAttribute('token'))).to.equal(false);

    // Revoked with the library's own call (RFC 7009); the list's next call is refused and it says so.
    await command('portal-click', { selector: '#revoke' });
    await waitInTab('bastion-token-expired', 20_000, (h) =>
      h.deepAll('#events li').some((li) => h.text(li).startsWith('bastion-token-expired')),
    ).catch(async (error: Error) => {
      const events = await inTab((h) =>
        h
          .deepAll('#events li')
          .map((li) => h.text(li))
          .join(' / '),
      );
      const log = (await command<TabLog>('portal-log'))!;
      throw new Error(
        `${error.message}; events: ${events}; errors: ${log.consoleErrors.join(' / ')}; calls: ${log.responses
          .filter((r) => r.url.includes('/oidc') || r.url.includes('/api/'))
          .map((r) => `${r.status} ${r.url}`)
          .join(', ')}`,
      );
    });
    await waitInTab('the sign-in prompt', 10_000, (h) => !!h.deep('.sign-in'));
    const log = (await command<TabLog>('portal-log'))!;
    expect(log.responses.some((r) => r.url === `${sites.bastion}/oidc/token/revocation` && r.status === 200)).to.equal(
      true,
    );
  });

  it("takes a token from the portal's back end, and a fresh one when the bastion refuses it", async () => {
    await command('portal-open', { site: 'portal', path: '/backend.html' });
    await waitInTab('asset rows', 20_000, (h) =>
      h.deepAll('tbody tr').some((tr) => /127\.\d+\.\d+\.\d+/.test(h.text(tr))),
    );
    expect(await inTab((h) => h.text(document.getElementById('who')))).to.match(/^Token for admin, \d+ s$/);
    expect(await inTab((h) => h.deepAll('.sign-in-button, .sign-in-link').length)).to.equal(0);

    // Revoked (RFC 7009), the list's next call is refused: the element says so, the page hands a fresh token, the list carries on.
    await command('portal-click', { selector: '#revoke' });
    await waitInTab(
      'a fresh token',
      20_000,
      (h) => h.deepAll('#events li').filter((li) => h.text(li).startsWith('token')).length === 2,
    );
    const events = await inTab((h) =>
      h
        .deepAll('#events li')
        .map((li) => h.text(li))
        .reverse(),
    );
    expect(events).to.deep.equal([
      'token: for admin',
      'revoked: 200',
      'bastion-token-expired: asking the portal server for a fresh token',
      'token: for admin',
    ]);
    await waitInTab('asset rows again', 20_000, (h) =>
      h.deepAll('tbody tr').some((tr) => /127\.\d+\.\d+\.\d+/.test(h.text(tr))),
    );
  });

  it('gives an origin that is not on the list no CORS header, so no widget, and refuses its redirect URI', async () => {
    await command('portal-open', { site: 'refused', path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      await inTab(() => [!!customElements.get('bastion-asset-list'), !!customElements.get('bastion-session-replay')]),
    ).to.deep.equal([false, false]);
    const log = (await command<TabLog>('portal-log'))!;
    const script = log.responses.find((r) => r.url === `${sites.bastion}/ui/bastion-asset-list.js`);
    if (script) expect(script.headers['access-control-allow-origin']).to.equal(undefined);
    expect(log.consoleErrors.some((text) => /CORS|Cross-Origin/i.test(text))).to.equal(true);

    // The authorization server answers that redirect URI with an error page of its own, never a redirect there.
    const authorize = new URL('/oidc/auth', sites.bastion);
    authorize.search = new URLSearchParams({
      client_id: 'bastion-demo-portal',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${sites.refused}/callback.html`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'x',
    }).toString();
    const answer = (await command<{ url: string; status: number }>('portal-goto', { url: authorize.href }))!;
    expect(answer.status).to.equal(400);
    expect(new URL(answer.url).origin).to.equal(sites.bastion);
    expect(await inTab((h) => h.text(document.body))).to.contain('redirect_uri');
  });
});
