// A new password ends the user's other logins (sessions and bearer tokens); logout revokes the
// caller's tokens; a cross-site logout is refused while a same-origin one keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, loginSession, PASSWORD, userId } from '../helpers.ts';

const PROFILE = '/api/v1/users/profile/';
type App = Awaited<ReturnType<typeof build>>;
const status = async (app: App, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: PROFILE, headers })).statusCode;

test("changing one's own password keeps this session and ends the other sessions and tokens", async (t) => {
  const app = await build(t);
  const here = await loginSession(app, 'user');
  const elsewhere = await loginSession(app, 'user');
  const token = await bearer(app, 'user');
  const other = await bearer(app, 'liwei');
  const response = await app.inject({
    method: 'PUT',
    url: `${PROFILE}password/`,
    headers: here.headers,
    payload: { old_password: PASSWORD, new_password: 'New-pass-123', new_password_again: 'New-pass-123' },
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(await status(app, here.headers), 200, 'the session that changed it stays');
  assert.equal(await status(app, elsewhere.headers), 401);
  assert.equal(await status(app, token), 401);
  assert.equal(await status(app, other), 200, 'other users are untouched');
  const db = app.bastion.db;
  assert.equal(db.prepare('SELECT COUNT(*) FROM sessions WHERE user_id = ?').pluck().get(userId(app, 'user')), 1);
  assert.equal(db.prepare('SELECT COUNT(*) FROM bearer_tokens WHERE user_id = ?').pluck().get(userId(app, 'user')), 0);
});

test('an admin setting, resetting or PATCHing a password ends every login of that user', async (t) => {
  const app = await build(t);
  const admin = { ...(await bearer(app, 'admin')), 'content-type': 'application/json' };
  const target = userId(app, 'user');
  const setups: [string, string, unknown][] = [
    ['PUT', `/api/v1/users/users/${target}/password/`, { password: 'Other-pass-1' }],
    ['PATCH', `/api/v1/users/users/${target}/`, { password: 'Other-pass-2', password_strategy: 1 }],
  ];
  for (const [method, url, payload] of setups) {
    const session = await loginSession(app, 'user', method === 'PUT' ? PASSWORD : 'Other-pass-1');
    const token = await bearer(app, 'user', method === 'PUT' ? PASSWORD : 'Other-pass-1');
    const response = await app.inject({ method: method as 'PUT', url, headers: admin, payload: payload as never });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await status(app, session.headers), 401, url);
    assert.equal(await status(app, token), 401, url);
  }
  assert.equal(await status(app, admin), 200, 'the admin keeps their own login');
  // With mail configured, password/reset/ sets a random password: the old logins end too.
  app.bastion.settings.set('EMAIL_HOST', 'smtp.example.com', 'email');
  const session = await loginSession(app, 'user', 'Other-pass-2');
  const reset = await app.inject({
    method: 'PUT',
    url: `/api/v1/users/users/${target}/password/reset/`,
    headers: admin,
    payload: {},
  });
  assert.equal(reset.statusCode, 200, reset.body);
  assert.equal(reset.json().mail_sent, true);
  assert.equal(await status(app, session.headers), 401);
});

test("logout ends the session and revokes the caller's bearer tokens", async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  const token = await bearer(app, 'user');
  const other = await bearer(app, 'liwei');
  const out = await app.inject({
    method: 'GET',
    url: '/core/auth/logout/',
    headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
  });
  assert.equal(out.statusCode, 302);
  assert.equal(await status(app, session.headers), 401);
  assert.equal(await status(app, token), 401);
  assert.equal(await status(app, other), 200);
});

test('a cross-site logout is refused; same-origin and header-less (2.3 clients) GETs log out', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  const refused = await app.inject({
    method: 'GET',
    url: '/core/auth/logout/',
    headers: { cookie: `${session.cookie}; django_language=en`, 'sec-fetch-site': 'cross-site' },
  });
  assert.equal(refused.statusCode, 403);
  assert.match(refused.json().detail, /another site/);
  assert.equal(await status(app, session.headers), 200, 'still logged in');
  const plain = await app.inject({ method: 'GET', url: '/core/auth/logout/', headers: { cookie: session.cookie } });
  assert.equal(plain.statusCode, 302);
  assert.equal(await status(app, session.headers), 401);
});
