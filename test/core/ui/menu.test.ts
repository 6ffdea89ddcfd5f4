// The sidebar menu each seeded role sees, and the organisation selector's visibility and effect.
import { expect } from '@open-wc/testing';
import { cookie, loginAs, type Profile } from '../../helpers/server.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

type Orgs = { admin_or_audit_orgs: { id: string; name: string }[] };

const menuLabels = (view: MountedConsole) => view.findAll('nav.sidebar .menu [data-menu]').map((node) => text(node));

/** As after a switch made in the console: the org cookie the console itself writes. */
function rememberOrg(profile: Profile): void {
  const org = (profile as unknown as Orgs).admin_or_audit_orgs[0];
  document.cookie = `jms_current_org=${encodeURIComponent(JSON.stringify(org))}; path=/`;
}

describe('sidebar menu by role', () => {
  afterEach(resetConsole);

  // Admins manage users, assets, applications, permissions and sessions; auditors see what they audit
  // (the Dashboard, sessions and the audit logs).
  const adminMenu = ['仪表盘', '用户管理', '资产管理', '应用管理', '权限管理', '会话管理', '作业中心', '日志审计'];
  // Settings are the super admin's alone (spec §6).
  const superAdminMenu = [...adminMenu, '系统设置'];
  const auditorMenu = ['仪表盘', '会话管理', '日志审计'];

  for (const [username, menu] of [
    ['admin', superAdminMenu],
    ['sysauditor', auditorMenu],
  ] as const) {
    it(`shows ${username} the admin page with the Dashboard`, async () => {
      await loginAs(username);
      const view = await mountConsole('/');
      await waitForShell(view);
      await waitFor(() => location.hash === '#/dashboard', 3000, 'the landing redirect');
      expect(menuLabels(view)).to.deep.equal(menu);
      expect(view.find('nav.sidebar .menu a.active')?.getAttribute('href')).to.equal('#/dashboard');
    });
  }

  for (const [username, menu] of [
    ['orgadmin', adminMenu],
    ['orgauditor', auditorMenu],
  ] as const) {
    it(`shows ${username} the Dashboard of the organisation they manage`, async () => {
      rememberOrg(await loginAs(username));
      const view = await mountConsole('/');
      await waitForShell(view);
      await waitFor(() => location.hash === '#/dashboard', 3000, 'the landing redirect');
      expect(menuLabels(view)).to.deep.equal(menu);
    });
  }

  it('takes an org admin signing in for the first time (no org cookie) to the admin page of their org', async () => {
    await loginAs('orgadmin');
    document.cookie = 'jms_current_org=; max-age=0; path=/';
    const view = await mountConsole('/');
    await waitForShell(view);
    await waitFor(() => location.hash === '#/dashboard', 3000, 'the landing redirect');
    expect(menuLabels(view)).to.deep.equal(adminMenu);
    expect(JSON.parse(cookie('jms_current_org') ?? '{}').name).to.equal('Engineering');
  });

  it('shows a plain user the user page: My assets, My apps, and web terminal and web FTP links opening a new tab', async () => {
    await loginAs('user');
    const view = await mountConsole('/');
    await waitForShell(view);
    await waitFor(() => menuLabels(view).length > 2, 3000, 'the user-page menu');
    expect(menuLabels(view)).to.deep.equal(['我的资产', '我的应用', '命令执行', 'Web终端', '文件管理']);
    const links = view.findAll<HTMLAnchorElement>('nav.sidebar .menu a[data-menu][target="_blank"]');
    expect(links.map((a) => new URL(a.href).pathname)).to.deep.equal(['/luna/', '/koko/elfinder/sftp/']);
    expect(links.every((a) => a.target === '_blank' && a.rel === 'noopener')).to.equal(true);
    // The user page opens on My assets.
    await view.waitForText('.engine-page h2', '我的资产');
    expect(location.hash).to.equal('#/');
  });
});

describe('organisation selector', () => {
  afterEach(resetConsole);

  it('lists every organisation of a super admin and switches with the org cookie and a reload', async () => {
    const profile = (await loginAs('admin')) as unknown as Orgs;
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    const select = await waitFor(() => view.find<HTMLSelectElement>('.org-selector select'));
    const options = view.findAll('.org-selector option').map((option) => text(option));
    expect(options).to.deep.equal(profile.admin_or_audit_orgs.map((org) => org.name));
    const target = profile.admin_or_audit_orgs.find((org) => org.name === 'Engineering');
    expect(target, 'seeded org Engineering').to.not.equal(undefined);

    select.value = `org-${profile.admin_or_audit_orgs.indexOf(target!)}`;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(JSON.parse(cookie('jms_current_org') ?? 'null')).to.deep.equal({ id: target!.id, name: target!.name });
    expect(view.leaves.length, 'the page is restarted').to.equal(1);
  });

  it('is hidden for an org admin of a single organisation', async () => {
    rememberOrg(await loginAs('orgadmin'));
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await view.waitForText('.navbar .title', '仪表盘');
    expect(view.find('.org-selector')).to.equal(null);
  });

  it('is hidden for a plain user', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    await view.waitForText('.navbar .title', '个人信息');
    expect(view.find('.org-selector')).to.equal(null);
  });

  it('is hidden for a super admin on the user page', async () => {
    await loginAs('admin');
    document.cookie = 'jms_current_role=1; path=/';
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    await view.waitForText('.navbar .title', '个人信息');
    expect(view.find('.org-selector')).to.equal(null);
  });

  it('is hidden while the sidebar is collapsed', async () => {
    await loginAs('admin');
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    await waitFor(() => view.find('.org-selector'));
    (view.find('.navbar .hamburger') as HTMLElement).click();
    await waitFor(() => view.find('.org-selector') === null, 2000, 'the selector to hide');
  });
});
