// The top bar: admin/user page switch, language menu, Help menu and logout.
import { expect } from '@open-wc/testing';
import { cookie, loginAs } from '../../helpers/server.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

/** Picks an entry of a navbar dropdown as a click on the menu item does. */
function choose(view: MountedConsole, menu: string, label: string): void {
  const item = view.findAll(`.navbar ${menu} .menu-item`).find((node) => text(node) === label);
  if (!item) throw new Error(`no "${label}" in ${menu}`);
  (item as HTMLElement).click();
}

const itemLabels = (view: MountedConsole, menu: string) =>
  view.findAll(`.navbar ${menu} .menu-item`).map((node) => text(node));

describe('navbar', () => {
  afterEach(resetConsole);

  it('offers an admin the user page, which stores the user role and restarts at the root', async () => {
    await loginAs('admin');
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    expect(itemLabels(view, '.account-menu')).to.deep.equal(['个人信息', '用户页面', 'API Key', '注销登录']);
    choose(view, '.account-menu', '用户页面');
    expect(cookie('jms_current_role')).to.equal('1');
    expect(view.leaves.map((leave) => leave.url)).to.deep.equal(['/ui/#/']);
  });

  it('offers the admin page back once on the user page', async () => {
    await loginAs('admin');
    document.cookie = 'jms_current_role=1; path=/';
    const view = await mountConsole('/');
    await waitForShell(view);
    await view.waitForText('.engine-page h2', '我的资产', 3000);
    choose(view, '.account-menu', '管理页面');
    expect(cookie('jms_current_role')).to.equal('146');
    expect(view.leaves).to.have.length(1);
  });

  it('gives a plain user no page switch', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    expect(itemLabels(view, '.account-menu')).to.deep.equal(['个人信息', 'API Key', '注销登录']);
  });

  it('opens the profile from the account menu', async () => {
    await loginAs('user');
    const view = await mountConsole('/external-missing');
    await view.waitForText('.not-found', '404');
    // The 404 page has no shell; go home and use the menu from there.
    (view.find('.not-found a') as HTMLElement).click();
    await waitForShell(view);
    location.hash = '#/users/first-login/guide/';
    await view.waitForText('.navbar .title', '用户向导');
    choose(view, '.account-menu', '个人信息');
    await waitFor(() => location.hash === '#/users/profile/', 2000, 'the profile');
  });

  it('switches the language: localStorage, the django_language cookie, then a reload', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    choose(view, '.lang-menu', 'English');
    expect(localStorage.getItem('lang')).to.equal('en');
    expect(cookie('django_language')).to.equal('en');
    expect(view.leaves.map((leave) => leave.kind)).to.deep.equal(['reload']);
    // The page re-renders in English at once too.
    await view.waitForText('.navbar .title', 'Profile');
  });

  it('opens the Help pages in a new tab', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    const opened: unknown[][] = [];
    const realOpen = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    try {
      choose(view, '.help-menu', '文档');
      choose(view, '.help-menu', '商业支持');
      choose(view, '.help-menu', '企业版');
    } finally {
      window.open = realOpen;
    }
    expect(opened).to.deep.equal([
      ['https://docs.jumpserver.org/', '_blank'],
      ['https://jumpserver.org/support/', '_blank'],
      ['https://jumpserver.org/enterprise.html', '_blank'],
    ]);
  });

  it('logs out through the server logout path with the current page as next', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    choose(view, '.account-menu', '注销登录');
    expect(view.leaves.map((leave) => leave.url)).to.deep.equal([
      `/core/auth/logout/?next=${encodeURIComponent('/users/profile/')}`,
    ]);
    expect(cookie('jms_current_org')).to.equal(undefined);
  });
});
