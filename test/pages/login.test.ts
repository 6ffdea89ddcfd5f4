// The console's /login page, signing in through the server's form: the password leaves the page
// RSA-encrypted with the form's key, and after a failure the page shows the server's captcha.
import { expect } from '@open-wc/testing';
import { api, clearCookies, loginAs, logout } from '../helpers/server.ts';
import { waitFor } from '../helpers/dom.ts';
import { recordFetch } from '../helpers/record-fetch.ts';
import { mountConsole, resetConsole } from '../elements/support/console-fixture.ts';
import { captchaImage, shownKey, signIn } from '../elements/support/login-page.ts';
import { parseLoginForm } from '../../src/pages/auth/login.ts';

describe('login page', () => {
  afterEach(resetConsole);
  beforeEach(async () => {
    await logout();
    clearCookies();
  });

  it('is shown without a session, with no shell and no redirect', async () => {
    const view = await mountConsole('/login');
    await view.waitForText('.login h2', '登录');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(view.leaves).to.deep.equal([]);
    expect(view.find('nav.sidebar')).to.equal(null);
  });

  it("draws the form as a card on the page background, as the server's sign-in page does", async () => {
    const view = await mountConsole('/login');
    await view.waitForText('.login h2', '登录');
    const card = view.find<HTMLElement>('.login-page .login')!;
    expect(getComputedStyle(card).boxShadow).to.not.equal('none');
    const page = view.find<HTMLElement>('.login-page')!;
    expect(page.getBoundingClientRect().height).to.be.at.least(window.innerHeight - 1);
    expect(getComputedStyle(page).backgroundColor).to.not.equal(getComputedStyle(card).backgroundColor);
  });

  it('sends a visitor already signed in on to the console instead of a second sign-in', async () => {
    await loginAs('admin');
    const view = await mountConsole('/login');
    await waitFor(() => view.leaves.length > 0, 5000, 'the move to the console');
    expect(view.leaves[0]).to.deep.equal({ kind: 'reload', url: '/ui/' });
  });

  it('says the credentials are invalid, with the server explanation, when the form comes back', async () => {
    document.cookie = 'django_language=zh-hans; path=/';
    const view = await mountConsole('/login');
    await signIn(view, 'user', 'wrong-password');
    await view.waitForText('.login .login-error', '用户名或密码无效');
    await view.waitForText('.login .login-detail', '您输入的用户名或密码不正确');
    expect(view.leaves).to.deep.equal([]);
  });

  it('signs in with the password RSA-encrypted and restarts the console at next', async () => {
    const recorder = recordFetch((path) => path === '/core/auth/login/');
    try {
      const view = await mountConsole(`/login?next=${encodeURIComponent('/ui/#/users/profile/')}`);
      await signIn(view, 'user', 'bastion');
      await waitFor(() => view.leaves.length > 0, 5000, 'the restart');
      expect(view.leaves).to.deep.equal([{ kind: 'reload', url: '/ui/#/users/profile/' }]);
      const posted = recorder.sent.find((call) => call.method === 'POST')!.body as URLSearchParams;
      const password = posted.get('password') ?? '';
      expect(password).to.not.include('bastion');
      // base64 of one 1024-bit RSA block: 128 bytes.
      expect(password).to.match(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(atob(password).length).to.equal(128);
    } finally {
      recorder.restore();
    }
    const profile = await api<{ username: string }>('GET', '/api/v1/users/profile/');
    expect(profile.data.username).to.equal('user');
  });

  it('shows the captcha after a failed attempt, refuses a wrong answer, and signs in when it is answered', async () => {
    document.cookie = 'django_language=zh-hans; path=/';
    const view = await mountConsole('/login');
    await signIn(view, 'user', 'wrong-password');
    await view.waitForText('.login .login-error', '用户名或密码无效');
    // The failed form came back with a captcha: its picture is an image this origin serves.
    const image = await waitFor(() => captchaImage(view), 3000, 'the captcha picture');
    await waitFor(() => image.complete && image.naturalWidth > 0, 3000, 'the picture loaded');
    const first = shownKey(view);
    (view.find('.login .captcha-refresh') as HTMLElement).click();
    await waitFor(() => shownKey(view) && shownKey(view) !== first, 3000, 'another picture');

    await signIn(view, 'user', 'bastion', 'zzzz');
    await view.waitForText('.login .login-error', '验证码错误');
    await view.waitForText('.login .login-detail', '验证码错误');
    expect(view.leaves).to.deep.equal([]);

    await signIn(view, 'user', 'bastion');
    await waitFor(() => view.leaves.length > 0, 5000, 'the restart');
    expect(view.leaves[0].kind).to.equal('reload');
    const profile = await api<{ username: string }>('GET', '/api/v1/users/profile/');
    expect(profile.data.username).to.equal('user');
  });

  it('refuses to send the user to another site after login', async () => {
    const view = await mountConsole(`/login?next=${encodeURIComponent('//evil.example/')}`);
    await signIn(view, 'user', 'bastion');
    await waitFor(() => view.leaves.length > 0, 5000, 'the restart');
    expect(view.leaves[0].url).to.equal('/ui/');
  });

  it('reads a real 2.3 login page too: the key of its inline script, its captcha widget and its error', () => {
    const key = '-----BEGIN PUBLIC KEY-----\\nMFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAL0=\\n-----END PUBLIC KEY-----';
    const page = `<form id="form" method="post" action="">
      <div><p class="red-fonts">* Captcha invalid</p></div>
      <img src="/core/auth/captcha/image/0f1e2d/" alt="captcha" class="captcha" />
      <input type="hidden" name="captcha_0" value="0f1e2d" required id="id_captcha_0">
      <input autocomplete="off" id="id_captcha_1" name="captcha_1" type="text" required></form>
      <script>function doLogin() { var rsaPublicKey = "${key}"
      var password = $('#password').val(); }</script>`;
    expect(parseLoginForm(page)).to.deep.equal({
      publicKey: '-----BEGIN PUBLIC KEY-----\nMFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAL0=\n-----END PUBLIC KEY-----',
      captcha: { key: '0f1e2d', image: '/core/auth/captcha/image/0f1e2d/' },
      error: 'Captcha invalid',
    });
  });
});
