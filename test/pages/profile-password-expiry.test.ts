// SECURITY_PASSWORD_EXPIRATION_TIME on the profile page: a reminder with the date and the days left when at
// most 5 days remain, whose link opens the password tab; none while the password is far from expiring.
import { expect } from '@open-wc/testing';
import { api, loginAs } from '../helpers/server.ts';
import { text, waitFor } from '../helpers/dom.ts';
import { mountConsole, resetConsole, waitForShell } from '../elements/support/console-fixture.ts';

const SECURITY = '/api/v1/settings/setting/';

async function expireIn(days: number): Promise<void> {
  await loginAs('admin');
  const response = await api('PATCH', SECURITY, { security: { SECURITY_PASSWORD_EXPIRATION_TIME: days } });
  expect(response.status).to.equal(200);
}

describe('profile password expiry reminder', () => {
  afterEach(resetConsole);

  it('reminds the user when the password expires within 5 days, and leads to the password tab', async () => {
    // The test server seeded every password moments ago: 3 days of validity leave 2 full days.
    await expireIn(3);
    try {
      const profile = await loginAs('orgauditor');
      expect(profile.password_expired_remain_days).to.equal(2);
      const view = await mountConsole('/users/profile/');
      await waitForShell(view);
      const notice = await waitFor(
        () => view.find<HTMLElement>('.profile-page .password-expiry-notice'),
        5000,
        'the reminder',
      );
      // The console asks in the browser's time zone (X-TZ), so the date is matched by its shape.
      expect(text(notice)).to.match(
        /^您的密码将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4} 过期（剩余 2 天），请及时修改。/,
      );
      (notice.querySelector('a') as HTMLElement).click();
      await waitFor(() => view.find('.profile-page [data-active-tab="password"]'), 3000, 'the password tab');
    } finally {
      await expireIn(9999);
    }
  });

  it('shows no reminder while the password is far from expiring', async () => {
    await loginAs('orgauditor');
    const view = await mountConsole('/users/profile/');
    await waitForShell(view);
    await view.waitForText('.profile-info [data-field="username"]', 'orgauditor');
    expect(view.find('.password-expiry-notice')).to.equal(null);
  });
});
