// What the user sees when calls fail (401 confirm, 400 and other error toasts) and the footer.
import { expect } from '@open-wc/testing';
import { http } from '../../../src/core/http.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { mountConsole, resetConsole, settle, typeInto, waitForShell } from '../../elements/support/console-fixture.ts';

describe('error feedback', () => {
  afterEach(resetConsole);

  it('asks to log in again when the session ends, and Re-Login goes to the login page', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    await fetch('/core/auth/logout/', { redirect: 'manual' }); // the server forgets the session
    const apiKey = view.findAll('.account-menu .menu-item').find((item) => text(item) === 'API Key');
    (apiKey as HTMLElement).click(); // its list call now answers 401
    await view.waitForText('.confirm-dialog .confirm-message', '账号已退出，请重新登录');
    expect(view.findAll('.confirm-dialog sl-button').map((b) => text(b))).to.deep.equal(['取消', '重新登录']);
    expect(view.find('.toasts'), 'no error toast on 401').to.equal(null);
    (view.find('.confirm-dialog .confirm-ok') as HTMLElement).click();
    await waitFor(() => view.leaves.length > 0, 2000, 'the login redirect');
    expect(view.leaves[0].url).to.match(/^\/core\/auth\/login\/\?next=/);
  });

  it('shows the 400 message as a toast and the server field error under the field', async () => {
    document.cookie = 'django_language=zh-hans; path=/';
    await loginAs('user');
    const view = await mountConsole('/users/profile/?activeTab=password');
    await waitForShell(view);
    await waitFor(() => view.find('.change-password'), 3000, 'the password tab');
    await typeInto(view.find('[data-field="old_password"] sl-input'), 'not-my-password');
    await typeInto(view.find('[data-field="new_password"] sl-input'), 'Another1!pass');
    await typeInto(view.find('[data-field="new_password_again"] sl-input'), 'Another1!pass');
    (view.find('.change-password .actions sl-button') as HTMLElement).click();
    await view.waitForText('.toasts .toast-error', '请求错误，请检查填写内容');
    await view.waitForText('[data-field="old_password"] .field-error', '原来密码错误');
  });

  it('shows the server message of other failures as an error toast for 5 seconds', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    const settings = await api<{ detail: string }>('GET', '/api/v1/settings/setting/');
    expect(settings.status).to.equal(403);
    await http.get('/api/v1/settings/setting/').catch(() => undefined);
    await view.waitForText('.toasts .toast-error', settings.data.detail);
    await settle(4500);
    expect(view.find('.toasts .toast-error'), 'still shown at 4.5 s').to.not.equal(null);
    await waitFor(() => view.find('.toasts .toast-error') === null, 1500, 'the toast to go at 5 s');
  });
});

describe('footer', () => {
  afterEach(resetConsole);

  it('shows version, GPLv2 notice and copyright, and hides when the licence is valid', async () => {
    await loginAs('admin');
    let view = await mountConsole('/dashboard');
    await waitForShell(view);
    await view.waitForText('footer.footer', 'v2.3.1');
    expect(view.textOf('footer.footer')).to.equal('v2.3.1 Bastion Console 基于 GPLv2 许可发布 Copyright © 2014-2020');

    const on = await api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: true } });
    expect(on.status).to.equal(200);
    try {
      await resetConsole();
      await loginAs('admin');
      view = await mountConsole('/dashboard');
      await waitForShell(view);
      await view.waitForText('.navbar .title', '仪表盘');
      expect(view.find('footer.footer')).to.equal(null);
    } finally {
      await api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: false } });
    }
  });
});
