import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, build, loginSession, PASSWORD } from '../helpers.ts';

const KEYS = '/api/v1/authentication/access-keys/';

test('POST authentication/auth/ returns a bearer token with the profile; tokens/ is an alias', async (t) => {
  const app = await build(t);
  for (const url of ['/api/v1/authentication/auth/', '/api/v1/authentication/tokens/']) {
    const response = await app.inject({ method: 'POST', url, payload: { username: 'orgadmin', password: PASSWORD } });
    assert.equal(response.statusCode, 201);
    const body = response.json();
    assert.equal(body.keyword, 'Bearer');
    assert.ok(body.token.length >= 20);
    assert.equal(body.date_expired, '2024-01-16 16:30:00 +0800', 'now + 86400 s in Asia/Shanghai');
    assert.equal(body.user.username, 'orgadmin');
    assert.equal(body.user.name, 'Olivia Chen');
  }
});

test('bad credentials answer 400 with password_failed, an inactive user with user_inactive', async (t) => {
  const app = await build(t);
  const bad = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    headers: { 'accept-language': 'en-US,en;q=0.9' },
    payload: { username: 'admin', password: 'wrong' },
  });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().error, 'password_failed');
  assert.match(bad.json().msg, /^The username or password you entered is incorrect/);
  app.bastion.db.prepare("UPDATE users SET is_active = 0 WHERE username = 'user'").run();
  const inactive = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: PASSWORD },
  });
  assert.equal(inactive.statusCode, 400);
  assert.deepEqual(inactive.json(), { error: 'user_inactive', msg: '此账户已禁用' });
});

test('a bearer token authenticates unsafe calls without any CSRF header, and expires after a day', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  const created = await app.inject({ method: 'POST', url: KEYS, headers });
  assert.equal(created.statusCode, 201);
  app.clock.advance(86400 * 1000 + 1);
  const expired = await app.inject({ method: 'GET', url: KEYS, headers });
  assert.equal(expired.statusCode, 401);
});

test('a session POST without X-CSRFToken, or with a wrong one, is anonymous: 401', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  const missing = await app.inject({ method: 'POST', url: KEYS, headers: { cookie: session.cookie } });
  assert.equal(missing.statusCode, 401);
  assert.deepEqual(missing.json(), { detail: '身份认证信息未提供。' });
  assert.ok(missing.headers['www-authenticate']);
  const wrong = await app.inject({
    method: 'POST',
    url: KEYS,
    headers: { cookie: session.cookie, 'x-csrftoken': 'x' + session.csrf },
  });
  assert.equal(wrong.statusCode, 401);
  const right = await app.inject({ method: 'POST', url: KEYS, headers: session.headers });
  assert.equal(right.statusCode, 201);
  const read = await app.inject({ method: 'GET', url: KEYS, headers: { cookie: session.cookie } });
  assert.equal(read.statusCode, 200, 'safe methods need no CSRF header');
  assert.equal(read.json().length, 1);
});

test('unauthenticated calls get 401 {detail} in the caller language; forbidden ones 403', async (t) => {
  const app = await build(t);
  const en = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { cookie: 'django_language=en' },
  });
  assert.equal(en.statusCode, 401);
  assert.deepEqual(en.json(), { detail: 'Authentication credentials were not provided.' });
  const headers = await bearer(app, 'user');
  const forbidden = await app.inject({
    method: 'GET',
    url: '/api/v1/orgs/orgs/',
    headers: { ...headers, 'accept-language': 'en' },
  });
  assert.equal(forbidden.statusCode, 403);
  assert.deepEqual(forbidden.json(), { detail: 'You do not have permission to perform this action.' });
  const zh = await app.inject({
    method: 'GET',
    url: '/api/v1/orgs/orgs/',
    headers: { ...headers, cookie: 'django_language=zh-hans', 'accept-language': 'en' },
  });
  assert.deepEqual(zh.json(), { detail: '您没有执行该操作的权限。' }, 'the cookie wins over Accept-Language');
});

test('an expired account is refused by IsValidUser even with a live token', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'user');
  app.bastion.db.prepare("UPDATE users SET date_expired = '2020-01-01T00:00:00.000Z' WHERE username = 'user'").run();
  const response = await app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers });
  assert.equal(response.statusCode, 403);
});
