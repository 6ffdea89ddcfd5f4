// Against the reference server: who gets the user page and how the Admin/User switch moves between
// the two route trees; a user without grants is told what to ask an administrator for.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../helpers/dom.ts';
import { $lang } from '../../../src/core/stores/locale.ts';
import { api, cookie, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { uniqueName } from '../assets/support/api.ts';
import { USERS, click } from '../users/support.ts';
import { cleanUp, makeUser, remount, signInAs } from './support.ts';

const menuText = (view: MountedConsole) => view.textOf('nav.sidebar');
const accountItems = (view: MountedConsole) =>
  view.findAll('.account-menu li[role="menuitem"]').map((li) => li.getAttribute('data-value'));

describe('user page: roles, the page switch and empty states (real server)', () => {
  const made: string[] = [];
  after(async () => {
    await cleanUp(made);
    await resetConsole();
  });

  it('an administrator switches to the user page, sees My assets there, and switches back', async () => {
    await loginAs('admin');
    let view = await mountConsole('/');
    await waitForShell(view);
    await waitFor(() => location.hash === '#/dashboard', 8000, 'the admin page opens on the dashboard');
    expect(menuText(view)).to.not.contain('我的资产');
    expect(accountItems(view)).to.contain('switchPage');
    click(view.find('.account-menu li[data-value="switchPage"]'));
    // Outside /ui/ (this test page) the console leaves for the root instead of reloading in place.
    await waitFor(() => view.leaves.some((l) => l.url === '/ui/#/'), 3000, 'a fresh start at the console root');
    expect(cookie('jms_current_role')).to.equal('1');

    view = await remount(view, '/');
    await view.waitForText('.engine-page h2', '我的资产', 8000);
    expect(location.hash).to.equal('#/');
    expect(menuText(view)).to.contain('我的应用');
    expect(menuText(view)).to.not.contain('用户管理');
    await waitFor(() => view.find('.my-assets-page .granted-table'), 5000, 'the granted table');

    click(view.find('.account-menu li[data-value="switchPage"]'));
    await waitFor(() => view.leaves.some((l) => l.url === '/ui/#/'), 3000, 'a fresh start at the root again');
    expect(Number(cookie('jms_current_role'))).to.equal(146);
    view = await remount(view, '/');
    await waitFor(() => location.hash === '#/dashboard', 8000, 'back on the dashboard');
  });

  it('a user with no grants and no admin role sees only the user page and is told what to ask for', async () => {
    await resetConsole();
    await loginAs('admin');
    const user = await makeUser(uniqueName('none'));
    made.push(`${USERS}${user.id}/`);
    await signInAs(user.username);
    let view = await mountConsole('/');
    await waitForShell(view);
    expect(accountItems(view), 'no page switch').to.not.contain('switchPage');
    expect(menuText(view)).to.contain('我的资产');
    expect(menuText(view)).to.not.contain('仪表盘');
    await view.waitForText(
      '.my-assets-page .granted-empty',
      '您还没有被授权任何资产。请联系管理员为您创建资产授权',
      8000,
    );
    $lang.set('en'); // the English console says the same
    await view.waitForText(
      '.my-assets-page .granted-empty',
      'No assets have been granted to you yet. Ask an administrator for an asset permission',
    );
    $lang.set('zh');
    // Remote apps need a licence (tests run unlicensed): /apps opens the databases.
    expect(menuText(view)).to.not.contain('远程应用');
    view = await remount(view, '/apps');
    await waitFor(() => location.hash === '#/apps/database', 5000, '/apps opens the databases');
    await view.waitForText('.my-apps-page .granted-empty', '请联系管理员为您创建数据库应用授权', 8000);
    view = await remount(view, '/apps/kubernetes');
    await view.waitForText('.my-apps-page .granted-empty', '请联系管理员为您创建 Kubernetes 应用授权', 8000);
  });

  it('with a valid licence the user page offers remote apps, and /apps opens them', async () => {
    await resetConsole();
    await loginAs('admin');
    const on = await api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: true } });
    expect(on.status).to.equal(200);
    try {
      const user = await makeUser(uniqueName('lic'));
      made.push(`${USERS}${user.id}/`);
      await signInAs(user.username);
      let view = await mountConsole('/apps');
      await waitForShell(view);
      await waitFor(() => location.hash === '#/apps/remoteapp', 5000, '/apps opens the remote apps');
      await view.waitForText('.my-apps-page .granted-empty', '请联系管理员为您创建远程应用授权', 8000);
      expect(menuText(view)).to.contain('远程应用');
      view = await remount(view, '/apps/database');
      await view.waitForText('.my-apps-page h2', '数据库');
    } finally {
      await loginAs('admin');
      await api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: false } });
    }
  });
});
