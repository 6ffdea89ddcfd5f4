// Against the reference server: with login confirmation on, an administrator names a reviewer on a user's
// detail page; that user's sign-in (the server's own login form, in a frame as a second window) stops on
// the waiting page, a reviewer approves the login_confirm ticket from another context (a bearer token, no
// cookies), and the waiting page goes on into the console as that user.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../../helpers/dom.ts';
import { api, captchaAnswer, DEMO_PASSWORD, loginAs, logout, PROFILE_URL } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { uniqueName } from '../assets/support/api.ts';
import { pickIn } from '../perms/support.ts';
import { click, USERS, waitForToast } from '../users/support.ts';
import { makeUser, MEMBER_PASSWORD, signInAs } from '../userviews/support.ts';

const setLoginConfirm = (on: boolean) => executeServerCommand<boolean, { on: boolean }>('login-confirm-enable', { on });

/** A bearer token got without this page's cookies: the reviewer's own browser, as far as the server can tell. */
async function reviewerCall<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** The server's login form in a frame, filled and submitted as a person would (its script encrypts the password). */
async function signInInFrame(username: string, password: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.width = '800px';
  frame.style.height = '600px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = '/core/auth/login/?next=/ui/';
  document.body.append(frame);
  await loaded;
  const doc = frame.contentDocument!;
  await waitFor(() => (frame.contentWindow as unknown as { JSEncrypt?: unknown }).JSEncrypt, 5000, 'the form script');
  (doc.getElementById('username') as HTMLInputElement).value = username;
  (doc.getElementById('password') as HTMLInputElement).value = password;
  const key = doc.querySelector<HTMLInputElement>('input[name="captcha_0"]');
  if (key) (doc.querySelector('input[name="captcha_1"]') as HTMLInputElement).value = await captchaAnswer(key.value);
  (doc.getElementById('login-form') as HTMLFormElement).requestSubmit();
  return frame;
}

describe('login confirmation: a reviewer lets a waiting sign-in through (real server)', function () {
  // A console mount, then a whole sign-in in a frame whose page polls every 3 s: more than mocha's 20 s on a busy machine.
  this.timeout(60_000);
  let member: { id: string; username: string };
  let frame: HTMLIFrameElement | null = null;
  before(async () => {
    await loginAs('admin');
    member = await makeUser(uniqueName('lc'));
    await signInAs(member.username); // past the first-login pages before confirmation applies
    await logout();
    expect(await setLoginConfirm(true)).to.equal(true);
    await loginAs('admin');
  });
  after(async () => {
    frame?.remove();
    await setLoginConfirm(false);
    await resetConsole();
    await loginAs('admin');
    await api('DELETE', `${USERS}${member.id}/`, undefined, { org: 'DEFAULT' });
    await resetConsole();
  });

  it("the admin names a reviewer on the user's page; the user waits, is approved from elsewhere and enters the console", async () => {
    const view = await mountConsole(`/users/users/${member.id}`);
    await waitForShell(view);
    const card = '.relation-card[data-relation="users.relation.reviewers"]';
    await view.waitForText(`${card} h3`, '登录复核审批人', 8000);
    await pickIn(view, card, 'admin', 'Administrator(admin)');
    click(view.find(`${card} sl-button.add`));
    await waitForToast('success', '添加成功');
    await view.waitForText(`${card} .member`, 'Administrator(admin)');
    const admin = (await api<{ id: string }>('GET', PROFILE_URL)).data;
    expect(
      (
        await api<{ reviewers: string[] }>(
          'GET',
          `/api/v1/authentication/login-confirm-settings/${member.id}/`,
          undefined,
          { org: 'DEFAULT' },
        )
      ).data.reviewers,
    ).to.deep.equal([admin.id]);
    await resetConsole();

    // The user signs in: the form stops on the waiting page, which names the reviewer.
    frame = await signInInFrame(member.username, MEMBER_PASSWORD);
    await waitFor(
      () => frame!.contentWindow?.location.pathname === '/core/auth/login/wait-confirm/',
      8000,
      'the waiting page',
    );
    // Another window's nodes: read as plain text (the helpers check this window's element types).
    await waitFor(
      () =>
        (frame!.contentDocument?.querySelector('.wait-message')?.textContent ?? '').includes('Administrator(admin)'),
      5000,
      'the reviewer named',
    );
    // In the console's language (Chinese by default), whatever this browser's Accept-Language (en-US) asks.
    expect(frame.contentDocument!.documentElement.lang).to.equal('zh-CN');
    expect(frame.contentDocument!.querySelector('h1')?.textContent).to.equal('登录复核');

    // The reviewer, elsewhere: the ticket is assigned to them; they approve it.
    const { token } = await reviewerCall<{ token: string }>('POST', '/api/v1/authentication/auth/', {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    const assigned = await reviewerCall<{ id: string; user: string; type: string }[]>(
      'GET',
      '/api/v1/tickets/tickets/?assign=1&status=open&type=login_confirm',
      undefined,
      token,
    );
    const ticket = assigned.find((row) => row.user === member.id)!;
    expect(ticket.type).to.equal('login_confirm');
    await reviewerCall('PATCH', `/api/v1/tickets/tickets/${ticket.id}/`, { action: 'approve' }, token);

    // The waiting page notices within a poll and goes on into the console, signed in as the user.
    await waitFor(() => frame!.contentWindow?.location.pathname === '/ui/', 15000, 'the console after the approval');
    const profile = await api<{ username: string }>('GET', PROFILE_URL);
    expect(profile.data.username).to.equal(member.username);
  });
});
