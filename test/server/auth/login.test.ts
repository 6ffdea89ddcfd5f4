import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, cookieJar, loginSession, PASSWORD, postLoginForm } from '../helpers.ts';

async function openForm(app: Awaited<ReturnType<typeof build>>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/core/auth/login/${query}` });
  return { response, jar: cookieJar(response) };
}

/** Posts the form (GET, RSA-encrypted password, captcha answered) from the cookies of `jar`. */
async function submit(
  app: Awaited<ReturnType<typeof build>>,
  jar: Record<string, string>,
  fields: { username: string; password: string; next?: string; csrfmiddlewaretoken?: string },
  headers: Record<string, string> = {},
) {
  const { csrfmiddlewaretoken, ...login } = fields;
  return (
    await postLoginForm(app, {
      ...login,
      jar,
      headers,
      extra: csrfmiddlewaretoken ? { csrfmiddlewaretoken } : undefined,
    })
  ).response;
}

test('the login form carries the csrf token of its cookie and an escaped next', async (t) => {
  const app = await build(t);
  const { response, jar } = await openForm(app, '?next=/ui/%3Fa%3D1%26b%3D2%23%22%3E%3Cscript%3E');
  assert.equal(response.statusCode, 200);
  assert.match(response.headers['content-type'] as string, /text\/html/);
  assert.ok(jar.csrftoken);
  assert.ok(response.body.includes(`name="csrfmiddlewaretoken" value="${jar.csrftoken}"`));
  // next is served as the URL parser serialised it (quotes and brackets percent-encoded), then HTML-escaped.
  assert.ok(response.body.includes('value="/ui/?a=1&amp;b=2#%22%3E%3Cscript%3E"'), response.body);
  assert.ok(!response.body.includes('"><script>'));
  assert.ok(response.body.includes('用户名'), 'Chinese by default');
});

test('a correct login creates a session, rotates csrftoken and redirects to next', async (t) => {
  const app = await build(t);
  const { jar } = await openForm(app);
  const response = await submit(app, jar, { username: 'admin', password: PASSWORD, next: '/ui/#/users/users/' });
  assert.equal(response.statusCode, 302);
  assert.equal(response.headers.location, '/ui/#/users/users/');
  const session = response.cookies.find((c) => c.name === 'sessionid')!;
  const csrf = response.cookies.find((c) => c.name === 'csrftoken')!;
  assert.equal(session.httpOnly, true);
  assert.equal(session.maxAge, 86400);
  assert.notEqual(csrf.value, jar.csrftoken);
  assert.ok(!csrf.httpOnly);
  assert.equal(csrf.path, '/');
  const stored = app.bastion.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get();
  assert.equal(stored, 1);
  const log = app.bastion.db.prepare('SELECT username, status, type FROM login_logs').get();
  assert.deepEqual({ ...(log as object) }, { username: 'admin', status: 1, type: 'W' });
});

test('next must be a same-site relative path, else /ui/', async (t) => {
  const app = await build(t);
  for (const next of ['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com']) {
    const { jar } = await openForm(app);
    const response = await submit(app, jar, { username: 'user', password: PASSWORD, next });
    assert.equal(response.headers.location, '/ui/', next);
  }
});

test('a wrong password re-renders the form with the error in the chosen language', async (t) => {
  const app = await build(t);
  const { jar } = await openForm(app);
  const zh = await submit(app, jar, { username: 'admin', password: 'nope' });
  assert.equal(zh.statusCode, 200);
  assert.ok(zh.body.includes('您输入的用户名或密码不正确'));
  assert.ok(!zh.cookies.some((c) => c.name === 'sessionid'));
  const en = await submit(app, { ...jar, django_language: 'en' }, { username: 'admin', password: 'nope' });
  assert.ok(en.body.includes('The username or password you entered is incorrect'));
  assert.ok(en.body.includes('You can also try 5 times'));
});

test('the form refuses a post whose csrfmiddlewaretoken does not match the cookie', async (t) => {
  const app = await build(t);
  const { jar } = await openForm(app);
  const response = await submit(app, jar, { username: 'admin', password: PASSWORD, csrfmiddlewaretoken: 'forged' });
  assert.equal(response.statusCode, 403);
  assert.ok(!response.cookies.some((c) => c.name === 'sessionid'));
});

test('the 7th failure blocks the user; the right password is then refused until unblocked or expired', async (t) => {
  const app = await build(t);
  const { jar } = await openForm(app);
  for (let i = 1; i <= 6; i++) {
    const r = await submit(app, jar, { username: 'user', password: 'wrong' });
    assert.ok(r.body.includes('您输入的用户名或密码不正确'), `failure ${i}`);
  }
  const seventh = await submit(app, jar, { username: 'user', password: 'wrong' });
  assert.ok(seventh.body.includes('账号已被锁定'));
  const right = await submit(app, jar, { username: 'user', password: PASSWORD });
  assert.equal(right.statusCode, 200);
  assert.ok(right.body.includes('账号已被锁定'));
  const api = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: PASSWORD },
  });
  assert.equal(api.statusCode, 400);
  assert.equal(api.json().error, 'block_login');
  assert.equal(app.bastion.db.prepare("SELECT count FROM login_failures WHERE username = 'user'").pluck().get(), 7);

  app.clock.advance(30 * 60 * 1000 + 1000);
  const later = await submit(app, jar, { username: 'user', password: PASSWORD });
  assert.equal(later.statusCode, 302, 'the block lasts SECURITY_LOGIN_LIMIT_TIME minutes');
});

test('logout deletes the session and lands on the login page, whose next returns to the console page', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'admin');
  const out = await app.inject({
    method: 'GET',
    url: '/core/auth/logout/?next=/ui/%23/dashboard',
    headers: { cookie: session.cookie },
  });
  assert.equal(out.statusCode, 302);
  assert.equal(out.headers.location, '/core/auth/login/?next=%2Fui%2F%23%2Fdashboard');
  assert.equal(app.bastion.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get(), 0);
  const profile = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { cookie: session.cookie },
  });
  assert.equal(profile.statusCode, 401);
  const external = await app.inject({ method: 'GET', url: '/core/auth/logout/?next=https://evil.example.com/' });
  assert.equal(external.headers.location, '/core/auth/login/?next=%2Fui%2F');
});

test('/ redirects to the console', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: '/' });
  assert.equal(response.statusCode, 302);
  assert.equal(response.headers.location, '/ui/');
});
