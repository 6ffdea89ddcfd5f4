// Against the reference server: the user detail's reset and unblock actions use the methods and
// bodies Lina v2.3.1 sends (a real 2.3 server refuses a PUT with an empty body), and the server
// takes them.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, formLogin, loginAs } from '../../helpers/server.ts';
import { recordFetch, type Recorded } from '../../helpers/record-fetch.ts';
import {
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { USERS, answerConfirm, click, createUser, deleteUsers } from './support.ts';

const unique = `act${Date.now().toString(36)}`;

const quickButton = (view: MountedConsole, title: string) =>
  view
    .findAll('.quick-actions .quick-action')
    .find((row) => text(row).startsWith(title))
    ?.querySelector('sl-button') ?? null;

/** Wrong passwords until the server blocks the username (SECURITY_LOGIN_LIMIT_COUNT, 7 by default). */
async function blockLogin(username: string): Promise<void> {
  for (let i = 0; i < 7; i++) await formLogin(username, 'wrong-password');
}

describe('users: action methods and bodies (real server)', () => {
  let recorder: { sent: Recorded[]; restore: () => void } | undefined;
  before(() => loginAs('admin'));
  afterEach(() => recorder?.restore());
  after(async () => {
    await deleteUsers(unique);
    await resetConsole();
  });

  it('PATCHes {} to reset the password and the SSH key, and PATCHes unblock without a body', async () => {
    const user = await createUser({ username: `${unique}u`, name: `${unique} User`, email: `${unique}u@example.com` });
    await blockLogin(user.username);
    await loginAs('admin');
    expect(
      (await api<{ login_blocked: boolean }>('GET', `${USERS}${user.id}/`)).data.login_blocked,
      'blocked',
    ).to.equal(true);
    recorder = recordFetch((path) => /\/(password\/reset|pubkey\/reset|unblock)\/$/.test(path));

    const view = await mountConsole(`/users/users/${user.id}`);
    await waitForShell(view);
    await view.waitForText('.detail-card tr[data-field="username"]', user.username, 8000);
    click(quickButton(view, '发送重置密码邮件'));
    await answerConfirm();
    await waitFor(() => recorder!.sent.length === 1, 5000, 'the password reset');
    click(quickButton(view, '发送重置SSH密钥邮件'));
    await answerConfirm();
    await waitFor(() => recorder!.sent.length === 2, 5000, 'the key reset');
    const unblock = await waitFor(
      () => {
        const button = quickButton(view, '解除登录限制') as (Element & { disabled: boolean }) | null;
        return button && !button.disabled ? button : null;
      },
      5000,
      'the unblock button enabled',
    );
    click(unblock);
    await waitFor(() => recorder!.sent.length === 3, 5000, 'the unblock');

    const base = `${USERS}${user.id}/`;
    expect(recorder.sent.map((r) => [r.method, r.path, r.body, r.status])).to.deep.equal([
      ['PATCH', `${base}password/reset/`, {}, 200],
      ['PATCH', `${base}pubkey/reset/`, {}, 200],
      ['PATCH', `${base}unblock/`, undefined, 200],
    ]);
    expect((await api<{ login_blocked: boolean }>('GET', base)).data.login_blocked, 'unblocked').to.equal(false);
  });
});
