import { expect } from '@open-wc/testing';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY } from '../../src/core/config.ts';
import { setCookie } from '../../src/core/cookies.ts';
import { clearEarly, sendEarly } from '../../src/core/engine/early.ts';
import { $routes, generateRoutes, runGuard, setRouteTable } from '../../src/core/guard.ts';
import { stopSessionRefresh } from '../../src/core/http.ts';
import { setHardNavigator } from '../../src/core/navigation.ts';
import { ROLE } from '../../src/core/permissions.ts';
import { flattenRoutes } from '../../src/core/routes.ts';
import { resetNotify } from '../../src/core/stores/notify.ts';
import { $currentOrg, $currentRole, $profile, resetSession } from '../../src/core/stores/session.ts';
import { $publicSettings } from '../../src/core/stores/settings.ts';
import { $lang } from '../../src/core/stores/locale.ts';
import { clearCoreCookies, snapshotCookies } from './support/cookies.ts';
import { byPath, json, stubFetch, type FetchStub } from './support/fetch-stub.ts';
import { DEFAULT, OPS, orgAdmin, plainUser, superAdmin } from './support/profiles.ts';
import { table } from './support/route-table.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitForValue(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 40 && !probe(); i += 1) await wait(25);
  expect(probe()).to.equal(true);
}
const routeNames = () =>
  flattenRoutes($routes.get())
    .map((r) => r.name)
    .filter(Boolean);
const settings = { data: { XPACK_LICENSE_IS_VALID: false, SECURITY_COMMAND_EXECUTION: true, LOGO_URLS: {} } };

describe('runGuard', () => {
  let stub: FetchStub | undefined;
  let navigations: string[];
  let restoreCookies: () => void;

  beforeEach(() => {
    restoreCookies = snapshotCookies();
    clearCoreCookies();
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    resetSession();
    $routes.set([]);
    $publicSettings.set({});
    setRouteTable(table);
    navigations = [];
    setHardNavigator((url) => navigations.push(url));
  });

  afterEach(() => {
    stub?.restore();
    stub = undefined;
    stopSessionRefresh();
    resetNotify();
    setHardNavigator(null);
    restoreCookies();
  });

  it('without the csrftoken cookie, goes to the login page after 100 ms and calls nothing', async () => {
    stub = stubFetch(() => json(200, {}));
    expect(await runGuard('/users/users')).to.deep.equal({ status: 'redirect' });
    expect(navigations).to.deep.equal([]);
    await wait(LOGIN_REDIRECT_DELAY + 50);
    expect(navigations).to.have.length(1);
    expect(navigations[0].startsWith(`${LOGIN_PATH}?next=`)).to.equal(true);
    expect(stub.sent).to.deep.equal([]);
  });

  it('goes to the login page when the profile cannot be loaded', async () => {
    setCookie('csrftoken', 'tok');
    stub = stubFetch(byPath({ '/api/v1/users/profile/': () => json(500, { detail: 'boom' }) }));
    expect((await runGuard('/')).status).to.equal('redirect');
    await wait(LOGIN_REDIRECT_DELAY + 50);
    expect(navigations).to.have.length(1);
  });

  it('loads profile, org, role and settings in order, then the admin routes of the role', async () => {
    setCookie('csrftoken', 'tok');
    stub = stubFetch(
      byPath({
        '/api/v1/users/profile/': () => json(200, orgAdmin()),
        '/api/v1/settings/public/': () => json(200, settings),
      }),
    );
    expect(await runGuard({ path: '/users/users' })).to.deep.equal({ status: 'ok' });
    // No saved org: the first profile is DEFAULT's, so it is asked again in the org the guard chose
    // (its current_org_roles are that org's); the settings call carries the chosen org too.
    expect(stub.sent.map((r) => new URL(r.url, location.origin).pathname)).to.deep.equal([
      '/api/v1/users/profile/',
      '/api/v1/users/profile/',
      '/api/v1/settings/public/',
    ]);
    expect(stub.sent[0].headers.get('X-JMS-ORG')).to.equal(null);
    expect(stub.sent[1].headers.get('X-JMS-ORG')).to.equal(OPS.id);
    expect(stub.sent[2].headers.get('X-JMS-ORG')).to.equal(OPS.id);
    expect($currentOrg.get()).to.deep.equal(OPS);
    expect($currentRole.get()).to.equal(ROLE.ORG_ADMIN);
    expect(routeNames()).to.include.members(['404', 'UserProfile', 'dashboard', 'UserList', 'BatchCommand']);
    expect(routeNames()).not.to.include.members(['RemoteAppList']);
    expect(routeNames()).not.to.include('MyAssets');
  });

  it('asks for the profile once when the saved org is still allowed', async () => {
    setCookie('csrftoken', 'tok');
    setCookie('jms_current_org', JSON.stringify(OPS));
    stub = stubFetch(
      byPath({
        '/api/v1/users/profile/': () => json(200, orgAdmin()),
        '/api/v1/settings/public/': () => json(200, settings),
      }),
    );
    await runGuard('/');
    const profileCalls = stub.sent.filter((r) => r.url.includes('/users/profile/'));
    expect(profileCalls).to.have.length(1);
    expect(profileCalls[0].headers.get('X-JMS-ORG')).to.equal(OPS.id);
  });

  it('gives a plain user the user-page tree', async () => {
    setCookie('csrftoken', 'tok');
    stub = stubFetch(
      byPath({
        '/api/v1/users/profile/': () => json(200, plainUser()),
        '/api/v1/settings/public/': () => json(200, { data: { SECURITY_COMMAND_EXECUTION: false } }),
      }),
    );
    await runGuard('/');
    expect(routeNames()).to.deep.equal(['404', 'UserProfile', 'MyAssets']);
  });

  it('sends a first-time user to the first-login page, unless already there', async () => {
    setCookie('csrftoken', 'tok');
    stub = stubFetch(
      byPath({
        '/api/v1/users/profile/': () => json(200, plainUser({ is_first_login: true })),
        '/api/v1/settings/public/': () => json(200, settings),
      }),
    );
    expect(await runGuard('/')).to.deep.equal({
      status: 'first-login',
      path: '/users/first-login/personal-information-improvement/',
    });
    expect((await runGuard('/users/first-login/personal-information-improvement/')).status).to.equal('ok');
  });

  it('sets title and favicon only when the console owns the page', async () => {
    setCookie('csrftoken', 'tok');
    stub = stubFetch(
      byPath({
        '/api/v1/users/profile/': () => json(200, orgAdmin()),
        '/api/v1/settings/public/': () => json(200, { data: { LOGO_URLS: { favicon: '/media/logo/fav.ico' } } }),
      }),
    );
    const icon = () => document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    icon()?.remove();
    await runGuard({ path: '/' });
    expect(icon()).to.equal(null);
    const title = document.title;
    $lang.set('zh');
    try {
      await runGuard({ path: '/', ownsPage: true });
      expect(icon()?.getAttribute('href')).to.equal('/media/logo/fav.ico');
      expect(document.title).to.equal('堡垒机管理控制台');
    } finally {
      icon()?.remove();
      document.title = title;
    }
  });

  describe('with the bootstrap data of the reference server page', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    function embed(data: unknown): HTMLScriptElement {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = 'bastion-bootstrap';
      block.textContent = JSON.stringify(data);
      document.body.append(block);
      return block;
    }
    afterEach(() => document.getElementById('bastion-bootstrap')?.remove());

    it('takes profile and settings from the page and asks the API nothing', async () => {
      setCookie('csrftoken', 'tok');
      setCookie('jms_current_org', JSON.stringify(OPS));
      $lang.set('zh');
      stub = stubFetch(() => json(500, {}));
      embed({
        publicSettings: { SECURITY_COMMAND_EXECUTION: true, LOGO_URLS: {} },
        profile: orgAdmin(),
        org: OPS.id,
        lang: 'zh',
        tz: zone,
      });
      expect(await runGuard({ path: '/users/users' })).to.deep.equal({ status: 'ok' });
      expect(stub.sent).to.deep.equal([]);
      expect($currentOrg.get()).to.deep.equal(OPS);
      expect($currentRole.get()).to.equal(ROLE.ORG_ADMIN);
      expect($publicSettings.get().SECURITY_COMMAND_EXECUTION).to.equal(true);
      expect(routeNames()).to.include.members(['UserList', 'BatchCommand']);
      // Read once: a later guard run asks the API.
      expect(document.getElementById('bastion-bootstrap')).to.equal(null);
    });

    it('asks for the profile when the page built it in another org than the console asks in', async () => {
      setCookie('csrftoken', 'tok');
      setCookie('jms_current_org', JSON.stringify(OPS));
      stub = stubFetch(byPath({ '/api/v1/users/profile/': () => json(200, orgAdmin()) }));
      embed({ publicSettings: settings.data, profile: superAdmin(), org: null, lang: 'zh', tz: zone });
      await runGuard('/');
      const calls = stub.sent.map((r) => new URL(r.url, location.origin).pathname);
      expect(calls).to.deep.equal(['/api/v1/users/profile/']);
      expect(stub.sent[0].headers.get('X-JMS-ORG')).to.equal(OPS.id);
      expect($currentRole.get()).to.equal(ROLE.ORG_ADMIN);
    });

    it('refreshes the profile texts in the background when they were rendered in another language or zone', async () => {
      setCookie('csrftoken', 'tok');
      $lang.set('zh');
      stub = stubFetch(byPath({ '/api/v1/users/profile/': () => json(200, superAdmin({ name: 'Fresh' })) }));
      setCookie('jms_current_org', JSON.stringify(DEFAULT));
      // A first visit: no language cookie yet, so the page was rendered for the English browser.
      embed({
        publicSettings: settings.data,
        profile: superAdmin({ name: 'Embedded' }),
        org: DEFAULT.id,
        lang: 'en',
        tz: zone,
      });
      expect((await runGuard('/')).status).to.equal('ok');
      expect($profile.get()?.name).to.equal('Embedded');
      await waitForValue(() => $profile.get()?.name === 'Fresh');
      expect(stub.sent.map((r) => new URL(r.url, location.origin).pathname)).to.deep.equal(['/api/v1/users/profile/']);
      expect(stub.sent[0].headers.get('Accept-Language')).to.equal('zh-hans');
    });
  });

  it("refreshes the profile texts only once the first page's early answers are in (its first screen comes first)", async () => {
    setCookie('csrftoken', 'tok');
    $lang.set('zh');
    stub = stubFetch(byPath({ '/api/v1/users/profile/': () => json(200, superAdmin({ name: 'Fresh' })) }));
    setCookie('jms_current_org', JSON.stringify(DEFAULT));
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'bastion-bootstrap';
    block.textContent = JSON.stringify({
      publicSettings: settings.data,
      profile: superAdmin({ name: 'Embedded' }),
      org: DEFAULT.id,
      lang: 'en',
      tz: 'UTC',
    });
    document.body.append(block);
    let answer: (value: unknown) => void = () => undefined;
    try {
      expect((await runGuard('/')).status).to.equal('ok');
      // The console sends the first page's calls once the guard has settled (ConsoleApp settle()).
      sendEarly(
        'get',
        '/api/v1/users/users/',
        {},
        () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      );
      await wait(300);
      expect(
        stub.sent.map((r) => new URL(r.url, location.origin).pathname),
        'no refresh while the page waits for its answers',
      ).to.deep.equal([]);
      answer({ count: 0, results: [] });
      await waitForValue(() => $profile.get()?.name === 'Fresh');
    } finally {
      block.remove();
      clearEarly();
    }
  });

  it('generateRoutes follows a role change', () => {
    $currentRole.set(ROLE.SUPER_ADMIN);
    generateRoutes();
    expect(routeNames()).to.include('Settings');
    $currentRole.set(ROLE.USER);
    generateRoutes();
    expect(routeNames()).not.to.include('Settings');
  });
});
