// GET /koko/elfinder/sftp/ (the menu's WebFTP / File manager link): the file manager page is for signed-in
// browsers only (anyone else signs in first and comes back), runs under the console's strict CSP with no
// inline script, is never cached, and hands asset, system_user and path to the element as escaped attributes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, loginSession } from '../helpers.ts';

test('signed out, the file manager sends the browser to sign in and back', async (t) => {
  const app = await build(t);
  const asked = '/koko/elfinder/sftp/?path=%2Fweb-01';
  const first = await app.inject({ method: 'GET', url: asked });
  assert.equal(first.statusCode, 302);
  assert.equal(first.headers.location, `/core/auth/login/?next=${encodeURIComponent(asked)}`);
  const bare = await app.inject({ method: 'GET', url: '/koko/elfinder/sftp' });
  assert.equal(bare.headers.location, '/koko/elfinder/sftp/');
  const files = await app.inject({ method: 'GET', url: '/koko/files/list?path=/' });
  assert.equal(files.statusCode, 401, 'its requests too');
});

test("the page: the element and its script file, the console's CSP, never cached, attributes escaped", async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  const page = await app.inject({ method: 'GET', url: '/koko/elfinder/sftp/', headers: { cookie: session.cookie } });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.equal(page.headers['cache-control'], 'no-store');
  assert.match(String(page.headers['content-security-policy']), /script-src 'self'(;|$)/);
  assert.match(page.body, /<bastion-file-manager><\/bastion-file-manager>/);
  assert.match(page.body, /<script type="module" src="\/ui\/bastion-file-manager\.js"><\/script>/);
  for (const [, attributes, body] of page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(attributes, /src="\/ui\//);
    assert.equal(body.trim(), '');
  }
  const hostile = '"><script>alert(1)</script><x y="';
  const asked = await app.inject({
    method: 'GET',
    url: `/koko/elfinder/sftp/?asset=a1&system_user=s1&path=${encodeURIComponent(hostile)}`,
    headers: { cookie: session.cookie },
  });
  assert.match(
    asked.body,
    /<bastion-file-manager asset="a1" system-user="s1" path="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;x y=&quot;">/,
  );
  assert.doesNotMatch(asked.body, /<script>alert/);
  // A bearer token is not a browser session: its holder gets no page and no file request.
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: 'bastion' },
  });
  const bearer = { authorization: `Bearer ${token.json().token}` };
  assert.equal((await app.inject({ method: 'GET', url: '/koko/files/list?path=/', headers: bearer })).statusCode, 401);
});
