// The first navigation of <bastion-console>: login redirect without a session, first-login page.
import { expect } from '@open-wc/testing';
import { api, clearCookies, loginAs } from '../../helpers/server.ts';
import { waitFor } from '../../helpers/dom.ts';
import { mountConsole, resetConsole, typeInto } from '../../elements/support/console-fixture.ts';

const FIRST_LOGIN = '#/users/first-login/personal-information-improvement/';

describe('<bastion-console> guard', () => {
  afterEach(resetConsole);

  it('sends a visitor without the csrftoken cookie to the login page after about 100 ms', async () => {
    clearCookies();
    const view = await mountConsole('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(view.leaves, 'nothing before the delay').to.deep.equal([]);
    await waitFor(() => view.leaves.length > 0, 2000, 'the login redirect');
    expect(view.leaves[0].kind).to.equal('navigate');
    expect(view.leaves[0].url).to.match(/^\/core\/auth\/login\/\?next=/);
    expect(decodeURIComponent(view.leaves[0].url ?? '')).to.contain('#/dashboard');
  });

  it('shows the first-login form instead of the requested page to a first-time user', async () => {
    await loginAs('newuser');
    const view = await mountConsole('/users/profile/');
    await view.waitForText('.first-login h2', '完善个人信息');
    expect(location.hash).to.equal(FIRST_LOGIN);
    const name = view.find<HTMLInputElement>('.first-login [data-field="name"] sl-input');
    expect(name?.value).to.equal('New User');
    expect(name?.disabled, 'the name is read-only here').to.equal(true);
  });

  it('clears is_first_login on submit and continues to the guide', async () => {
    await loginAs('newuser');
    try {
      const view = await mountConsole('/');
      await view.waitForText('.first-login h2', '完善个人信息');
      await typeInto(view.find('.first-login [data-field="phone"] sl-input'), '13800000000');
      (view.find('.first-login .actions sl-button') as HTMLElement).click();
      await view.waitForText('.user-guide h2', '用户向导');
      expect(location.hash).to.equal('#/users/first-login/guide/');
      const profile = await api<{ is_first_login: boolean; phone: string }>('GET', '/api/v1/users/profile/');
      expect(profile.data.is_first_login).to.equal(false);
      expect(profile.data.phone).to.equal('13800000000');
      (view.find('.user-guide sl-button.continue') as HTMLElement).click();
      await view.waitForText('.engine-page h2', '我的资产', 3000);
      expect(location.hash, 'the user page root is My assets').to.equal('#/');
    } finally {
      // Other suites expect the seeded first-login user.
      await api('PATCH', '/api/v1/users/profile/', { is_first_login: true, phone: '' });
    }
  });
});
