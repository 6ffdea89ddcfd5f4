// The Security settings that govern signing in (§2.11), changed through the settings API as the settings
// page does: the login limit count and time on the login form, the token API and a terminal's sign-ins;
// the idle time of browser sessions; password expiry at sign-in and on the profile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build, loginSession, PASSWORD, postLoginForm, userId } from '../helpers.ts';
import { buildTerminalApp, registerTerminal } from '../terminal-helpers.ts';

const SETTINGS = '/api/v1/settings/setting/';
const PROFILE = '/api/v1/users/profile/';
const MINUTE = 60_000;
const DAY = 86_400_000;

async function setSecurity(app: FastifyInstance, security: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: SETTINGS,
    headers: await bearer(app, 'admin'),
    payload: { security },
  });
  assert.equal(response.statusCode, 200, response.body);
}

/** The login form as a browser posts it, in English; 302 = signed in, else the page with its error. */
async function formLogin(app: FastifyInstance, username: string, password: string) {
  return (await postLoginForm(app, { username, password, jar: { django_language: 'en' } })).response;
}

const tokenLogin = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    headers: { 'accept-language': 'en' },
    payload: { username, password },
  });

test('login limit count and time come from the settings: the login form', async (t) => {
  const app = await build(t);
  await setSecurity(app, { SECURITY_LOGIN_LIMIT_COUNT: 3, SECURITY_LOGIN_LIMIT_TIME: 5 });
  const first = await formLogin(app, 'user', 'wrong');
  assert.ok(
    first.body.includes('You can also try 2 times (The account will be temporarily locked for 5 minutes)'),
    first.body,
  );
  assert.ok((await formLogin(app, 'user', 'wrong')).body.includes('You can also try 1 times'));
  const third = await formLogin(app, 'user', 'wrong');
  assert.ok(
    third.body.includes('The account has been locked (please contact admin to unlock it or try again after 5 minutes)'),
    third.body,
  );
  const locked = await formLogin(app, 'user', PASSWORD);
  assert.equal(locked.statusCode, 200, 'the right password is refused while locked');
  assert.ok(locked.body.includes('The account has been locked'));
  app.clock.advance(5 * MINUTE - 1_000);
  assert.equal((await formLogin(app, 'user', PASSWORD)).statusCode, 200, 'still locked just before the time');
  app.clock.advance(2_000);
  assert.equal((await formLogin(app, 'user', PASSWORD)).statusCode, 302, 'unlocked after SECURITY_LOGIN_LIMIT_TIME');
});

test('login limit count and time come from the settings: the token API', async (t) => {
  const app = await build(t);
  await setSecurity(app, { SECURITY_LOGIN_LIMIT_COUNT: 4, SECURITY_LOGIN_LIMIT_TIME: 7 });
  for (let i = 3; i >= 1; i -= 1) {
    const wrong = await tokenLogin(app, 'orgadmin', 'wrong');
    assert.deepEqual([wrong.statusCode, wrong.json().error], [400, 'password_failed']);
    assert.match(wrong.json().msg, new RegExp(`try ${i} times .*locked for 7 minutes`));
  }
  const fourth = await tokenLogin(app, 'orgadmin', 'wrong');
  assert.deepEqual(
    [fourth.json().error, fourth.json().msg],
    ['block_login', 'The account has been locked (please contact admin to unlock it or try again after 7 minutes)'],
  );
  assert.equal((await tokenLogin(app, 'orgadmin', PASSWORD)).json().error, 'block_login');
  app.clock.advance(7 * MINUTE + 1_000);
  assert.equal((await tokenLogin(app, 'orgadmin', PASSWORD)).statusCode, 201);
});

test('login limit count and time come from the settings: a terminal signing users in', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  await setSecurity(app, { SECURITY_LOGIN_LIMIT_COUNT: 3, SECURITY_LOGIN_LIMIT_TIME: 5 });
  const signIn = (password: string) =>
    term.call(
      'POST',
      '/api/v1/authentication/tokens/',
      { username: 'user', password, remote_addr: '127.0.0.9', login_type: 'T' },
      { 'accept-language': 'en' },
    );
  assert.equal((await signIn('wrong')).json().error, 'password_failed');
  assert.equal((await signIn('wrong')).json().error, 'password_failed');
  assert.equal((await signIn('wrong')).json().error, 'block_login', 'the third failure locks with a limit of 3');
  assert.equal((await signIn(PASSWORD)).json().error, 'block_login');
  app.clock.advance(5 * MINUTE + 1_000);
  assert.equal((await signIn(PASSWORD)).statusCode, 201);
});

test('a browser session idle longer than SECURITY_MAX_IDLE_TIME is ended; use keeps it; tokens are not idle-timed', async (t) => {
  const app = await build(t);
  await setSecurity(app, { SECURITY_MAX_IDLE_TIME: 2 });
  const session = await loginSession(app, 'user');
  const token = await bearer(app, 'user');
  const get = (headers: Record<string, string>, url = '/api/v1/authentication/access-keys/') =>
    app.inject({ method: 'GET', url, headers });
  for (let i = 0; i < 4; i += 1) {
    app.clock.advance(MINUTE + 30_000);
    assert.equal((await get(session.headers)).statusCode, 200, `used every 90 s (${i})`);
  }
  app.clock.advance(2 * MINUTE + 1_000);
  const idle = await get(session.headers, PROFILE);
  assert.equal(idle.statusCode, 401, 'idle for more than 2 minutes');
  assert.equal(
    app.bastion.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get(),
    0,
    'the session is gone, not only refused',
  );
  assert.equal((await get(token)).statusCode, 200);
});

test('the idle time is read at each call: shortening it ends a session already idle that long', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  app.clock.advance(10 * MINUTE);
  assert.equal(
    (await app.inject({ method: 'GET', url: PROFILE, headers: session.headers })).statusCode,
    200,
    'default 30 minutes',
  );
  app.clock.advance(6 * MINUTE);
  await setSecurity(app, { SECURITY_MAX_IDLE_TIME: 5 });
  assert.equal((await app.inject({ method: 'GET', url: PROFILE, headers: session.headers })).statusCode, 401);
});

test('password expiry: the profile counts the days left; an expired password refuses sign-in until an admin sets a new one', async (t) => {
  // Tokens outlive the ten days, so the admin (whose password expires too) can still act at the end.
  const app = await build(t, { loginTimeoutMs: 30 * DAY });
  await setSecurity(app, { SECURITY_PASSWORD_EXPIRATION_TIME: 10 });
  const admin = await bearer(app, 'admin');
  const user = await bearer(app, 'user');
  const profile = async () => (await app.inject({ method: 'GET', url: PROFILE, headers: user })).json();
  assert.equal((await profile()).password_expired_remain_days, 10, 'seeded at the test clock: 10 days to go');
  app.clock.advance(5 * DAY + 60_000);
  const soon = await profile();
  assert.equal(soon.password_expired_remain_days, 4);
  assert.equal(soon.date_password_expired, '2024-01-25 16:30:00 +0800');

  app.clock.advance(5 * DAY);
  const expired = await tokenLogin(app, 'user', PASSWORD);
  assert.deepEqual(
    [expired.statusCode, expired.json()],
    [
      400,
      {
        error: 'password_expired',
        msg: 'Password expired. Please contact the administrator to reset your password.',
      },
    ],
  );
  const form = await formLogin(app, 'user', PASSWORD);
  assert.equal(form.statusCode, 200);
  assert.ok(form.body.includes('Password expired.'), form.body);
  const log = app.bastion.db
    .prepare("SELECT reason, status FROM login_logs WHERE username = 'user' ORDER BY rowid DESC LIMIT 1")
    .get();
  assert.deepEqual({ ...(log as object) }, { reason: 'password_expired', status: 0 });
  // A wrong password is still just wrong (no hint that the account exists with an expired password).
  assert.equal((await tokenLogin(app, 'user', 'wrong')).json().error, 'password_failed');

  const set = await app.inject({
    method: 'PUT',
    url: `/api/v1/users/users/${userId(app, 'user')}/password/`,
    headers: admin,
    payload: { password: 'Renewed-pass1' },
  });
  assert.equal(set.statusCode, 200, set.body);
  assert.equal((await tokenLogin(app, 'user', 'Renewed-pass1')).statusCode, 201);
  const renewed = await app.inject({
    method: 'GET',
    url: PROFILE,
    headers: await bearer(app, 'user', 'Renewed-pass1'),
  });
  assert.equal(renewed.json().password_expired_remain_days, 10, 'counted again from the new password');
});

test('password expiry applies to local users only, and to a terminal signing a user in', async (t) => {
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  await setSecurity(app, { SECURITY_PASSWORD_EXPIRATION_TIME: 1 });
  app.bastion.db.prepare("UPDATE users SET source = 'ldap' WHERE username = 'orgadmin'").run();
  app.clock.advance(2 * DAY);
  assert.equal((await tokenLogin(app, 'orgadmin', PASSWORD)).statusCode, 201, 'not a local password');
  const ldapProfile = await app.inject({ method: 'GET', url: PROFILE, headers: await bearer(app, 'orgadmin') });
  assert.equal(ldapProfile.json().password_expired_remain_days, null);
  const byPassword = await term.call('POST', '/api/v1/authentication/tokens/', {
    username: 'user',
    password: PASSWORD,
    remote_addr: '127.0.0.9',
  });
  assert.equal(byPassword.json().error, 'password_expired');
});
