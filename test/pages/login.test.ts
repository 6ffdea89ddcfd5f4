// The console's /login page, signing in through the server's form.
import { expect } from '@open-wc/testing';
import { api, clearCookies } from '../helpers/server.ts';
import { waitFor } from '../helpers/dom.ts';
import { mountConsole, resetConsole, typeInto, type MountedConsole } from '../elements/support/console-fixture.ts';

async function signIn(view: MountedConsole, username: string, password: string): Promise<void> {
  await waitFor(() => view.find('.login form'), 3000, 'the login form');
  await typeInto(view.find('.login [data-field="username"] sl-input'), username);
  await typeInto(view.find('.login [data-field="password"] sl-input'), password);
  (view.find('.login .actions sl-button') as HTMLElement).click();
}

describe('login page', () => {
  afterEach(resetConsole);
  beforeEach(clearCookies);

  it('is shown without a session, with no shell and no redirect', async () => {
    const view = await mountConsole('/login');
    await view.waitForText('.login h2', '登录');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(view.leaves).to.deep.equal([]);
    expect(view.find('nav.sidebar')).to.equal(null);
  });

  it('says the credentials are invalid, with the server explanation, when the form comes back', async () => {
    document.cookie = 'django_language=zh-hans; path=/';
    const view = await mountConsole('/login');
    await signIn(view, 'user', 'wrong-password');
    await view.waitForText('.login .login-error', '用户名或密码无效');
    await view.waitForText('.login .login-detail', '您输入的用户名或密码不正确');
    expect(view.leaves).to.deep.equal([]);
  });

  it('signs in and restarts the console at next', async () => {
    const view = await mountConsole(`/login?next=${encodeURIComponent('/ui/#/users/profile/')}`);
    await signIn(view, 'user', 'bastion');
    await waitFor(() => view.leaves.length > 0, 3000, 'the restart');
    expect(view.leaves).to.deep.equal([{ kind: 'reload', url: '/ui/#/users/profile/' }]);
    const profile = await api<{ username: string }>('GET', '/api/v1/users/profile/');
    expect(profile.data.username).to.equal('user');
  });

  it('refuses to send the user to another site after login', async () => {
    const view = await mountConsole(`/login?next=${encodeURIComponent('//evil.example/')}`);
    await signIn(view, 'user', 'bastion');
    await waitFor(() => view.leaves.length > 0, 3000, 'the restart');
    expect(view.leaves[0].url).to.equal('/ui/');
  });
});
