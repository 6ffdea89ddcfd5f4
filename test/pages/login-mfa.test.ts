// MFA end to end in Chromium: a user enables MFA from the profile (the MFA tab sends the browser to the
// server's OTP pages: password, QR code + secret, a code), then signs in on the console's login page,
// which asks for the code after the password; a wrong code shows the server's reason, the right one
// restarts the console signed in. Codes are computed here from the secret the binding page shows.
import { expect } from '@open-wc/testing';
import { totpCode } from '../../demo/server/auth/mfa/totp.ts';
import { waitFor } from '../helpers/dom.ts';
import { api, clearCookies, csrf, loginAs, logout } from '../helpers/server.ts';
import { signIn } from '../elements/support/login-page.ts';
import { mountConsole, resetConsole, typeInto, waitForShell } from '../elements/support/console-fixture.ts';
import { createUser, deleteUsers, usersNamed } from './users/support.ts';

const PREFIX = 'mfa-chrome-';
const PASSWORD = 'Test-pass-1';

/** A form post as the browser would send it from the server page (redirects followed). */
async function postForm(url: string, fields: Record<string, string>): Promise<{ url: string; doc: Document }> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    body: new URLSearchParams({ csrfmiddlewaretoken: csrf(), ...fields }),
  });
  return {
    url: new URL(response.url).pathname,
    doc: new DOMParser().parseFromString(await response.text(), 'text/html'),
  };
}

describe('MFA (TOTP)', () => {
  let username = '';

  before(async () => {
    clearCookies();
    await loginAs('admin');
    await deleteUsers(PREFIX);
    username = `${PREFIX}${Date.now() % 100000}`;
    await createUser({ name: username, username, email: `${username}@bastion.example.com`, password: PASSWORD });
    await logout();
  });

  after(async () => {
    await resetConsole();
    await logout();
    clearCookies();
    await loginAs('admin');
    await deleteUsers(PREFIX);
    await logout();
  });

  it('is enabled from the profile and then asked for on the console login page', async () => {
    document.cookie = 'django_language=zh-hans; path=/';
    await loginAs(username, PASSWORD);
    await api('PATCH', '/api/v1/users/profile/', { is_first_login: false }); // else the console shows the first-login guide
    const profile = await mountConsole('/users/profile/?activeTab=mfa');
    await waitForShell(profile);
    await waitFor(() => profile.find('.mfa-form .mfa-state[data-state="disabled"]'), 5000, 'MFA shown as off');
    (profile.find('.mfa-form [data-action="enable"]') as HTMLElement).click();
    await waitFor(() => profile.leaves.length > 0, 3000, 'the way to the enable pages');
    const start = profile.leaves[0].url ?? '';
    expect(start.startsWith('/core/auth/profile/otp/enable/start/?next=')).to.equal(true);

    // The server pages, as the browser walks them: the password again, then the QR code and the secret.
    await fetch(start, { credentials: 'same-origin' });
    const bind = await postForm(start, { password: PASSWORD });
    expect(bind.url).to.equal('/core/auth/profile/otp/enable/bind/');
    expect(bind.doc.querySelector('img.otp-qr')?.getAttribute('src')?.startsWith('data:image/png;base64,')).to.equal(
      true,
    );
    const secret = bind.doc.querySelector('.otp-secret')?.textContent ?? '';
    expect(secret).to.match(/^[A-Z2-7]{16,}$/);
    const done = await postForm('/core/auth/profile/otp/enable/bind/', { otp_code: totpCode(secret, Date.now()) });
    expect(done.url).to.equal('/core/auth/profile/otp/settings-success/');
    expect(done.doc.querySelector('h1')?.textContent).to.equal('多因子认证启用成功');
    expect((await api('GET', '/api/v1/users/profile/')).status).to.equal(401);
    await resetConsole();
    document.cookie = 'django_language=zh-hans; path=/'; // resetConsole cleared it; the server's messages follow it

    // The console's login page: password, then the code step.
    const view = await mountConsole(`/login?next=${encodeURIComponent('/ui/#/users/profile/')}`);
    await signIn(view, username, PASSWORD);
    await view.waitForText('.otp-step h2', '两步验证');
    expect(view.leaves).to.deep.equal([]);

    await typeInto(view.find('.otp-step [data-field="otp_code"] sl-input'), totpCode(secret, Date.now() - 10 * 60_000));
    (view.find('.otp-step .actions sl-button[variant="primary"]') as HTMLElement).click();
    await view.waitForText('.otp-step .login-detail', 'MFA验证码不正确，或者服务器端时间不对');
    expect(view.leaves).to.deep.equal([]);

    await typeInto(view.find('.otp-step [data-field="otp_code"] sl-input'), totpCode(secret, Date.now()));
    (view.find('.otp-step .actions sl-button[variant="primary"]') as HTMLElement).click();
    await waitFor(() => view.leaves.length > 0, 5000, 'the restart');
    expect(view.leaves).to.deep.equal([{ kind: 'reload', url: '/ui/#/users/profile/' }]);
    const me = await api<{ username: string; mfa_enabled: boolean }>('GET', '/api/v1/users/profile/');
    expect([me.data.username, me.data.mfa_enabled]).to.deep.equal([username, true]);
  });

  it('sends a user with forced MFA and no authenticator to the binding page after the password', async () => {
    await resetConsole();
    await loginAs('admin');
    const [user] = await usersNamed(username);
    expect((await api('PATCH', `/api/v1/users/users/${user.id}/`, { mfa_level: 2 })).status).to.equal(200);
    expect((await api('GET', `/api/v1/users/users/${user.id}/otp/reset/`)).status).to.equal(200);
    await logout();
    const view = await mountConsole('/login');
    await signIn(view, username, PASSWORD);
    await waitFor(() => view.leaves.length > 0, 5000, 'the way to the binding page');
    expect(view.leaves).to.deep.equal([
      { kind: 'navigate', url: `${location.origin}/core/auth/profile/otp/enable/bind/` },
    ]);
  });
});
