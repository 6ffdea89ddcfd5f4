// GET /luna/: the web terminal page is for signed-in browsers only (anyone else signs in first and
// comes back), runs under the same strict CSP as the console, and hands the asked-for asset to the
// element as an escaped attribute.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, cookieHeader, loginSession, postLoginForm } from '../helpers.ts';

test('signed out, /luna/ sends the browser to the login form, which brings it back to the asset', async (t) => {
  const app = await build(t);
  const asked = '/luna/?login_to=5a1e4d1c-0000-4000-8000-000000000001';
  const first = await app.inject({ method: 'GET', url: asked });
  assert.equal(first.statusCode, 302);
  assert.equal(first.headers.location, `/core/auth/login/?next=${encodeURIComponent(asked)}`);

  const query = (first.headers.location as string).slice('/core/auth/login/'.length);
  const {
    response: login,
    form,
    jar,
  } = await postLoginForm(app, { query, username: 'user', password: 'bastion', next: asked });
  assert.match(form.body, new RegExp(`name="next" value="${asked.replace(/[?]/g, '\\?')}"`), 'the form keeps next');
  assert.equal(login.statusCode, 302);
  assert.equal(login.headers.location, asked);
  const page = await app.inject({ method: 'GET', url: asked, headers: { cookie: cookieHeader(jar) } });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<bastion-web-terminal login-to="5a1e4d1c-0000-4000-8000-000000000001">/);
});

test('the page: the element and its script file, no inline script, the console’s CSP, never cached', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  const page = await app.inject({ method: 'GET', url: '/luna/?_=1700000000000', headers: { cookie: session.cookie } });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.equal(page.headers['cache-control'], 'no-store');
  const csp = String(page.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /connect-src 'self'/);
  assert.match(page.body, /<bastion-web-terminal><\/bastion-web-terminal>/);
  assert.match(page.body, /<script type="module" src="\/ui\/bastion-web-terminal\.js"><\/script>/);
  // Every script is a file of this origin.
  const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.ok(scripts.length > 0);
  for (const [, attributes, body] of scripts) {
    assert.match(attributes, /src="\/ui\//);
    assert.equal(body.trim(), '');
  }
});

test('a hostile login_to stays an attribute value', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  const hostile = '"><script>alert(1)</script><x y="';
  const page = await app.inject({
    method: 'GET',
    url: `/luna/?login_to=${encodeURIComponent(hostile)}`,
    headers: { cookie: session.cookie },
  });
  assert.equal(page.statusCode, 200);
  assert.ok(
    page.body.includes(
      '<bastion-web-terminal login-to="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x y=&quot;">',
    ),
  );
  assert.equal(page.body.match(/<script/g)?.length, 1);
});

test('/luna without the slash leads to /luna/, query kept; a bearer token is not a browser session', async (t) => {
  const app = await build(t);
  const bare = await app.inject({ method: 'GET', url: '/luna?login_to=x' });
  assert.equal(bare.statusCode, 302);
  assert.equal(bare.headers.location, '/luna/?login_to=x');
  const token = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      payload: { username: 'user', password: 'bastion' },
    })
  ).json().token;
  const withToken = await app.inject({ method: 'GET', url: '/luna/', headers: { authorization: `Bearer ${token}` } });
  assert.equal(withToken.statusCode, 302);
});
