// Against the reference server: old bookmarks land on a page (ROUTES.md: prefer the consistent form,
// keep the old path working as a redirect). `/terminal/` opens the session list (2.3 sent it to a path
// it did not have: the 404 page) and 2.3's `/terminal/session-online/` its online tab; `/applications/`
// opens remote apps with the licence and the first application list the caller may open without it.
import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/dom.ts';
import { api, loginAs } from '../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../elements/support/console-fixture.ts';

const setLicence = (valid: boolean) =>
  api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: valid } });
const landsOn = (hash: string | RegExp) =>
  waitFor(
    () => (typeof hash === 'string' ? location.hash === hash : hash.test(location.hash)),
    8000,
    `the address ${String(hash)}`,
  );

describe('old bookmarks redirect (real server)', () => {
  afterEach(() => resetConsole());
  after(async () => {
    await loginAs('admin');
    await setLicence(false);
    await resetConsole();
  });

  it('/terminal/ opens the session list, /terminal/session-online/ its online tab', async () => {
    await loginAs('sysauditor');
    const view = await mountConsole('/terminal/');
    await waitForShell(view);
    await landsOn('#/terminal/session/');
    await waitFor(() => view.find('.session-list-page'), 8000, 'the session list');
    expect(view.find('.not-found')).to.equal(null);
    await resetConsole();

    await loginAs('sysauditor');
    const online = await mountConsole('/terminal/session-online/');
    await waitForShell(online);
    await landsOn(/^#\/terminal\/session\/?\?activeTab=online$/);
    await waitFor(
      () => online.find('.session-list-page .detail-tabs [data-tab="online"][aria-selected="true"]'),
      8000,
      'the online tab',
    );
  });

  it('/applications/ opens the database apps without the licence, remote apps with it', async () => {
    await loginAs('admin');
    expect((await setLicence(false)).status).to.equal(200);
    const view = await mountConsole('/applications/');
    await waitForShell(view);
    await landsOn('#/applications/database-apps');
    await waitFor(() => view.find('.list-page'), 8000, 'the database apps');
    expect(view.find('.not-found')).to.equal(null);
    await resetConsole();

    await loginAs('admin');
    expect((await setLicence(true)).status).to.equal(200);
    const licensed = await mountConsole('/applications/');
    await waitForShell(licensed);
    await landsOn('#/applications/remote-apps/');
  });
});
