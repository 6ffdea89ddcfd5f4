// Where login and logout may send the browser: same-origin paths only, judged as a browser parses
// the Location header; logout lands on the login form, whose next reopens the console page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { consoleNext, safeNext } from '../../../demo/server/auth/login/safe-next.ts';
import { build, loginSession, PASSWORD, postLoginForm } from '../helpers.ts';

// Same-origin paths whose dot segments, once resolved, leave `//evil.example/`: the browser reads that
// serialised path again from the Location header, as another host.
const DOT_SEGMENTS = [
  '/.//evil.example/',
  '/a/..//evil.example/',
  '/%2e//evil.example/',
  '/./\\evil.example/',
  '/ui/../..//evil.example',
  '/%2E%2E//evil.example',
];

// Each of these leaves the origin once a browser parses it (tabs/newlines dropped, `\` = `/`).
const OFF_SITE = [
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r\n/evil.example',
  '//evil.example/',
  '/\\evil.example/',
  '\\/evil.example',
  '\\\\evil.example',
  ' //evil.example',
  '\t//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'http:/evil.example',
  'evil.example',
  '/\\/evil.example',
  '//evil.example@x/',
  ...DOT_SEGMENTS,
];

test('safeNext keeps same-origin paths (as the parser serialises them) and refuses everything else', () => {
  for (const value of OFF_SITE) assert.equal(safeNext(value, 'FALLBACK'), 'FALLBACK', JSON.stringify(value));
  assert.equal(safeNext(undefined, 'FALLBACK'), 'FALLBACK');
  assert.equal(safeNext('/ui/#/users/users/'), '/ui/#/users/users/');
  // A percent-encoded tab stays an encoded path segment: same origin, followed exactly as checked.
  assert.equal(safeNext('/%09/evil.example/'), '/%09/evil.example/');
  assert.equal(safeNext('/a/../../x?q=1'), '/x?q=1');
  assert.equal(consoleNext('/dashboard'), '/ui/#/dashboard');
  assert.equal(consoleNext('/ui/#/assets/assets'), '/ui/#/assets/assets');
  assert.equal(consoleNext('//evil.example/'), '/ui/');
  assert.equal(consoleNext('/api/v1/users/profile/'), '/ui/');
});

test('next=/%09/evil.example/ sends neither login nor logout off-site', async (t) => {
  const app = await build(t);
  for (const next of OFF_SITE) {
    const { response: login } = await postLoginForm(app, { username: 'user', password: PASSWORD, next });
    assert.equal(login.headers.location, '/ui/', JSON.stringify(next));
  }
  for (const next of DOT_SEGMENTS) {
    const out = await app.inject({ method: 'GET', url: `/core/auth/logout/?next=${encodeURIComponent(next)}` });
    assert.equal(out.headers.location, '/core/auth/login/?next=%2Fui%2F', JSON.stringify(next));
  }
  const logout = await app.inject({ method: 'GET', url: '/core/auth/logout/?next=/%09/evil.example/' });
  const location = String(logout.headers.location);
  assert.ok(location.startsWith('/core/auth/login/?next='), location);
  assert.equal(new URL(location, 'http://bastion.test').origin, 'http://bastion.test');
  const next = new URL(location, 'http://bastion.test').searchParams.get('next') ?? '';
  assert.equal(new URL(next, 'http://bastion.test').origin, 'http://bastion.test', next);
});

test('the console logout (next = its hash route) lands on the login form; signing in returns to that page', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'orgadmin');
  const out = await app.inject({
    method: 'GET',
    url: '/core/auth/logout/?next=%2Fdashboard',
    headers: { cookie: session.cookie },
  });
  assert.equal(out.statusCode, 302);
  assert.equal(out.headers.location, '/core/auth/login/?next=%2Fui%2F%23%2Fdashboard');
  const query = String(out.headers.location).slice('/core/auth/login/'.length);
  const { form, response: back } = await postLoginForm(app, {
    query,
    jar: session.cookies,
    username: 'orgadmin',
    password: PASSWORD,
    next: '/ui/#/dashboard',
  });
  assert.equal(form.statusCode, 200);
  assert.ok(form.body.includes('name="next" value="/ui/#/dashboard"'));
  assert.equal(back.headers.location, '/ui/#/dashboard');
});

test('a full URL on the origin the browser reached the server by keeps its path; any other origin is refused', async (t) => {
  const own = 'http://127.0.0.1:8080';
  assert.equal(safeNext('http://127.0.0.1:8080/embed.html?session=1#top', 'F', own), '/embed.html?session=1#top');
  assert.equal(safeNext('HTTP://127.0.0.1:8080/ui/#/users/users/', 'F', own), '/ui/#/users/users/');
  for (const other of [
    'http://127.0.0.1:8081/embed.html',
    'https://127.0.0.1:8080/embed.html',
    'http://evil.example/',
    'http://user:pw@127.0.0.1:8080/embed.html',
    'http://127.0.0.1:8080//evil.example/',
    'http://127.0.0.1:8080/.//evil.example/',
  ]) {
    assert.equal(safeNext(other, 'F', own), 'F', other);
  }
  assert.equal(safeNext('http://127.0.0.1:8080/embed.html', 'F'), 'F', 'no origin given: paths only');

  // Through the form: an element's sign-in link names its host page in full (inject's host is localhost:80).
  const app = await build(t);
  const page = 'http://localhost/embed-replay.html?session=abc';
  const { form, response } = await postLoginForm(app, {
    query: `?next=${encodeURIComponent(page)}`,
    username: 'user',
    password: PASSWORD,
    next: page,
  });
  assert.ok(form.body.includes('name="next" value="/embed-replay.html?session=abc"'), 'the form carries the path');
  assert.equal(response.headers.location, '/embed-replay.html?session=abc');
  const { response: away } = await postLoginForm(app, {
    username: 'user',
    password: PASSWORD,
    next: 'http://localhost.evil.example/x',
  });
  assert.equal(away.headers.location, '/ui/');
});
