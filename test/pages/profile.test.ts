// The profile page: info, remembered tab, password change with the policy hints, MFA, SSH key.
import { expect } from '@open-wc/testing';
import { api, cookie, loginAs } from '../helpers/server.ts';
import { text, waitFor } from '../helpers/dom.ts';
import {
  mountConsole,
  resetConsole,
  typeInto,
  waitForShell,
  type MountedConsole,
} from '../elements/support/console-fixture.ts';

const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBl4PElZeuY1llP3umWZPiXOQW/uxudIErwNrS5WRNKB ui-test@bastion';
const SECURITY = '/api/v1/settings/setting/';

async function openTab(view: MountedConsole, tab: string): Promise<void> {
  // Shoelace's tabs load on first use (lazyShoelace): the shell can be up before they are drawn.
  const button = await waitFor(
    () => view.find<HTMLElement>(`.profile-page sl-tab[data-tab="${tab}"]`),
    5000,
    `the ${tab} tab button`,
  );
  button.click();
  await waitFor(() => view.find(`.profile-page [data-active-tab="${tab}"]`), 2000, `the ${tab} tab`);
}

const submit = (view: MountedConsole, form: string) => (view.find(`${form} .actions sl-button`) as HTMLElement).click();

describe('profile page', () => {
  afterEach(resetConsole);

  it('shows the profile fields as the server sends them', async () => {
    const profile = await loginAs('user');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    await view.waitForText('.profile-info [data-field="username"]', profile.username);
    expect(text(view.find('.profile-info [data-field="name"] td'))).to.equal(profile.name);
    expect(text(view.find('.profile-info [data-field="email"] td'))).to.equal(String(profile.email));
  });

  it('remembers the chosen tab in the query and the activeTab cookie', async () => {
    await loginAs('user');
    let view = await mountConsole('/users/profile/');
    await waitForShell(view);
    await openTab(view, 'mfa');
    expect(location.hash).to.equal('#/users/profile/?activeTab=mfa');
    expect(cookie('activeTab')).to.equal('mfa');
    view.el.remove();
    view = await mountConsole('/users/profile/');
    await waitFor(() => view.find('.profile-page [data-active-tab="mfa"]'), 3000, 'the remembered tab');
  });

  it('checks the password policy before sending, and changes the password when it is met', async () => {
    await loginAs('admin');
    await api('PATCH', SECURITY, { security: { SECURITY_PASSWORD_MIN_LENGTH: 8, SECURITY_PASSWORD_UPPER_CASE: true } });
    try {
      await loginAs('user');
      const view = await mountConsole('/users/profile/?activeTab=password');
      await waitForShell(view);
      const hints = await waitFor(() =>
        view
          .findAll('.password-rules li')
          .map((li) => text(li))
          .filter(Boolean),
      );
      expect(hints).to.deep.equal(['密码长度至少为 8 位', '必须包含大写字母']);
      await typeInto(view.find('[data-field="old_password"] sl-input'), 'bastion');
      await typeInto(view.find('[data-field="new_password"] sl-input'), 'short');
      await typeInto(view.find('[data-field="new_password_again"] sl-input'), 'other');
      submit(view, '.change-password');
      await view.waitForText('[data-field="new_password"] .field-error', '密码长度至少为 8 位; 必须包含大写字母');
      await view.waitForText('[data-field="new_password_again"] .field-error', '两次密码不一致');

      await typeInto(view.find('[data-field="new_password"] sl-input'), 'Bastion-2020');
      await typeInto(view.find('[data-field="new_password_again"] sl-input'), 'Bastion-2020');
      submit(view, '.change-password');
      await view.waitForText('.toasts .toast-success', '密码修改成功');
      await loginAs('user', 'Bastion-2020'); // the server holds the new password
      await api('PUT', '/api/v1/users/profile/password/', {
        old_password: 'Bastion-2020',
        new_password: 'bastion-again',
        new_password_again: 'bastion-again',
      }).then((r) => expect(r.status, 'the policy applies on the server too').to.equal(400));
    } finally {
      await loginAs('admin');
      await api('PATCH', SECURITY, {
        security: { SECURITY_PASSWORD_MIN_LENGTH: 6, SECURITY_PASSWORD_UPPER_CASE: false },
      });
      // Other suites sign in with the seeded password.
      await loginAs('user', 'Bastion-2020').then(
        () =>
          api('PUT', '/api/v1/users/profile/password/', {
            old_password: 'Bastion-2020',
            new_password: 'bastion',
            new_password_again: 'bastion',
          }),
        () => undefined,
      );
    }
  });

  it('shows the MFA state and sends Enable to the server OTP pages', async () => {
    await loginAs('user');
    const view = await mountConsole('/users/profile/?activeTab=mfa');
    await waitForShell(view);
    await waitFor(() => view.find('.mfa-form .mfa-state[data-state="disabled"]'), 3000, 'MFA shown as off');
    expect(view.find('.mfa-form [data-action="disable"]')).to.equal(null);
    (view.find('.mfa-form [data-action="enable"]') as HTMLElement).click();
    await waitFor(() => view.leaves.length > 0, 3000, 'the navigation');
    expect(view.leaves[0]).to.deep.equal({
      kind: 'navigate',
      url: `/core/auth/profile/otp/enable/start/?next=${encodeURIComponent('/ui/#/users/profile/?activeTab=mfa')}`,
    });
  });

  it('rejects a malformed SSH key with the server message and stores a valid one', async () => {
    document.cookie = 'django_language=zh-hans; path=/'; // the server's messages follow it
    await loginAs('user');
    const view = await mountConsole('/users/profile/?activeTab=publicKey');
    await waitForShell(view);
    const input = await waitFor(() => view.find('.public-key-form sl-textarea'));
    await typeInto(input, 'ssh-rsa not-a-key');
    submit(view, '.public-key-form');
    await view.waitForText('[data-field="public_key"] .field-error', 'SSH 公钥不合法');

    await typeInto(input, PUBLIC_KEY);
    submit(view, '.public-key-form');
    await view.waitForText('.toasts .toast-success', '更新成功');
    const stored = await api<{ public_key_hash_md5: string }>('GET', '/api/v1/users/profile/public-key/');
    expect(stored.data.public_key_hash_md5).to.not.equal('');
    await view.waitForText('.public-key-form [data-field="public_key_hash_md5"] td', stored.data.public_key_hash_md5);
  });
});
