// Against the reference server: the super admin's settings page — tabs built from OPTIONS, a save that
// sends only its own group and persists, the server's field errors under the fields with the typed
// values kept, and the Email tab's test connection through a real SMTP server (scripts/wtr/settings-fixture.mjs).
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { text, waitFor } from '../../helpers/dom.ts';
import { recordFetch } from '../../helpers/record-fetch.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  typeInto,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';

const SETTING = '/api/v1/settings/setting/';

async function openTab(view: MountedConsole, tab: string): Promise<void> {
  const button = await waitFor(
    () => view.find<HTMLElement>(`.settings-page sl-tab[data-tab="${tab}"]`),
    5000,
    `the ${tab} tab button`,
  );
  button.click();
  await waitFor(
    () =>
      view.find(
        `.settings-page [data-active-tab="${tab}"] .settings-form, .settings-page [data-active-tab="${tab}"] .license-tab`,
      ),
    5000,
    `the ${tab} tab`,
  );
}

const input = (view: MountedConsole, name: string) =>
  view.find<HTMLInputElement>(`.settings-form [data-field="${name}"] sl-input`);
const submit = (view: MountedConsole) => view.find<HTMLElement>('.settings-form sl-button.submit')!.click();

describe('settings page (real server)', () => {
  let restore = () => {};
  afterEach(async () => {
    restore();
    await api('PATCH', SETTING, { security: { SECURITY_LOGIN_LIMIT_COUNT: 7, SECURITY_MAX_IDLE_TIME: 30 } });
    await resetConsole();
  });

  it('a super admin opens Settings from the menu, switches tabs, and a security save sends that group only and persists', async () => {
    await loginAs('admin');
    let view = await mountConsole('/settings/?activeTab=basic');
    await waitForShell(view);
    expect(text(view.find('nav.sidebar'))).to.contain('系统设置');
    await view.waitForText('.settings-form [data-field="SITE_URL"] label', '当前站点 URL', 8000);
    const tabs = view.findAll('.settings-page sl-tab').map((tab) => text(tab).trim());
    expect(tabs).to.deep.equal(['基本设置', '邮件设置', '邮件内容', 'LDAP 设置', '终端设置', '安全设置', '许可证']);

    await openTab(view, 'ldap');
    expect(text(view.find('.settings-form [data-field="AUTH_LDAP_SERVER_URI"] label'))).to.equal('LDAP 地址');
    // Beside the save, the LDAP tests and the import (settings-ldap.test.ts drives them).
    expect(view.findAll('.settings-form .form-buttons > sl-button').map((b) => b.className)).to.deep.equal([
      'ldap-test-config',
      'ldap-test-login',
      'ldap-import',
      'reset',
      'submit',
    ]);
    await openTab(view, 'license');
    // The import form is always there; above it, the detail of a licence an earlier test imported, or none.
    await waitFor(
      () => !!view.find('.license-import .license-file') && !!view.find('.license-detail, .license-none'),
      5000,
      'the licence tab',
    );

    await openTab(view, 'security');
    await view.waitForText('.settings-form [data-field="SECURITY_LOGIN_LIMIT_COUNT"] label', '登录失败次数限制');
    expect(text(view.find('.settings-form [data-field="SECURITY_LOGIN_LIMIT_COUNT"] .help'))).to.equal('至少 3 次');
    const recorded = recordFetch((path) => path === SETTING);
    restore = recorded.restore;
    await typeInto(input(view, 'SECURITY_LOGIN_LIMIT_COUNT'), '9');
    submit(view);
    await waitFor(() => recorded.sent.find((r) => r.method === 'PATCH' && r.status === 200), 5000, 'the saved PATCH');
    const patches = recorded.sent.filter((r) => r.method === 'PATCH');
    expect(patches.length).to.equal(1);
    expect(Object.keys(patches[0].body as object)).to.deep.equal(['security']);
    expect((patches[0].body as { security: Record<string, unknown> }).security.SECURITY_LOGIN_LIMIT_COUNT).to.equal(9);

    view.el.remove();
    view = await mountConsole('/settings/?activeTab=security');
    await waitFor(
      () => input(view, 'SECURITY_LOGIN_LIMIT_COUNT')?.value === '9',
      8000,
      'the stored value after a reload',
    );
    expect(
      (await api<{ security: Record<string, unknown> }>('GET', SETTING)).data.security.SECURITY_LOGIN_LIMIT_COUNT,
    ).to.equal(9);
  });

  it("an out-of-range value shows the server's message under its field and keeps the typed values", async () => {
    await loginAs('admin');
    const view = await mountConsole('/settings/?activeTab=security');
    await waitForShell(view);
    await waitFor(() => input(view, 'SECURITY_LOGIN_LIMIT_COUNT'), 8000, 'the security form');
    const expected = (
      await api<{ security: Record<string, string[]> }>('PATCH', SETTING, {
        security: { SECURITY_LOGIN_LIMIT_COUNT: 2 },
      })
    ).data;
    expect(expected.security.SECURITY_LOGIN_LIMIT_COUNT[0]).to.equal('请确保该值大于或者等于 3。');
    await typeInto(input(view, 'SECURITY_LOGIN_LIMIT_COUNT'), '2');
    await typeInto(input(view, 'SECURITY_MAX_IDLE_TIME'), '45');
    submit(view);
    await view.waitForText(
      '.settings-form [data-field="SECURITY_LOGIN_LIMIT_COUNT"] .field-error',
      '请确保该值大于或者等于 3。',
    );
    expect(view.find('.settings-form [data-field="SECURITY_MAX_IDLE_TIME"] .field-error')).to.equal(null);
    await settle(100);
    expect(input(view, 'SECURITY_LOGIN_LIMIT_COUNT')!.value).to.equal('2');
    expect(input(view, 'SECURITY_MAX_IDLE_TIME')!.value).to.equal('45');
    const stored = (await api<{ security: Record<string, unknown> }>('GET', SETTING)).data.security;
    expect([stored.SECURITY_LOGIN_LIMIT_COUNT, stored.SECURITY_MAX_IDLE_TIME]).to.deep.equal([7, 30]);
  });

  it("heads each tab's fields as Lina does, leaves air under the tabs, and Reset puts back the stored values", async () => {
    await loginAs('admin');
    const view = await mountConsole('/settings/?activeTab=basic');
    await waitForShell(view);
    const site = await waitFor(() => input(view, 'SITE_URL'), 8000, 'the basic form');
    const legend = view.find('.settings-form fieldset.settings-section legend')!;
    expect(text(legend)).to.equal('基本信息');
    const tabsBottom = view.find('.settings-page sl-tab-group')!.getBoundingClientRect().bottom;
    expect(
      legend.getBoundingClientRect().top - tabsBottom,
      'air between the tabs and the first heading',
    ).to.be.at.least(16);
    const stored = site.value;
    await typeInto(site, 'http://typed.example:1');
    await waitFor(() => site.value === 'http://typed.example:1', 2000, 'the typed value');
    view.find<HTMLElement>('.settings-form sl-button.reset')!.click();
    await waitFor(() => input(view, 'SITE_URL')!.value === stored, 3000, 'the stored value back');
    await openTab(view, 'security');
    const legends = view.findAll('.settings-form fieldset.settings-section legend').map((node) => text(node));
    expect(legends).to.deep.equal(['安全设置', '密码校验规则']);
    expect(
      view.find('.settings-form fieldset.settings-section:nth-of-type(2) [data-field="SECURITY_PASSWORD_MIN_LENGTH"]'),
    ).to.not.equal(null);
  });

  it('Email: "Test connection" sends a real mail through a local SMTP server, and a wrong password shows its error', async () => {
    const { port } = await executeServerCommand<{ port: number }, unknown>('smtp-start', {
      user: 'mailer',
      pass: 'mail-pass',
    });
    await loginAs('admin');
    const view = await mountConsole('/settings/?activeTab=email');
    await waitForShell(view);
    await waitFor(() => input(view, 'EMAIL_HOST'), 8000, 'the email form');
    expect(text(view.find('.settings-form sl-button.mail-test'))).to.equal('测试连接');
    await typeInto(input(view, 'EMAIL_HOST'), '127.0.0.1');
    await typeInto(input(view, 'EMAIL_PORT'), String(port));
    await typeInto(input(view, 'EMAIL_HOST_USER'), 'mailer');
    await typeInto(input(view, 'EMAIL_HOST_PASSWORD'), 'mail-pass');
    await typeInto(input(view, 'EMAIL_FROM'), 'jms@example.test');
    await typeInto(input(view, 'EMAIL_RECIPIENT'), 'ops@example.test');
    view.find<HTMLElement>('.settings-form sl-button.mail-test')!.click();
    await view.waitForText('.mail-test-result.ok', '邮件已经发送 ops@example.test，请检查', 10000);
    const mails = await executeServerCommand<{ from: string; to: string[]; subject: string }[], unknown>('smtp-mails');
    expect(mails).to.deep.equal([{ from: 'jms@example.test', to: ['ops@example.test'], subject: 'Test' }]);

    await typeInto(input(view, 'EMAIL_HOST_PASSWORD'), 'wrong-pass');
    view.find<HTMLElement>('.settings-form sl-button.mail-test')!.click();
    await view.waitForText('.mail-test-result.failed', /535 Invalid username or password/, 10000);
  });
});
