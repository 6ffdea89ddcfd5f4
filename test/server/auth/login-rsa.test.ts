// The login form's password travels RSA-encrypted as 2.3 expects (PKCS#1 v1.5, base64, with the key
// the form carried): an encrypted password signs in; plain text, another flow's key or no key at all
// is a wrong password (logged, counted toward the lockout). The token API keeps its plain password.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokenHash } from '../../../demo/server/core/secrets/token-hash.ts';
import { unseal } from '../../../demo/server/core/secrets/vault.ts';
import { encryptPassword, parseLoginForm } from '../../../scripts/lib/form-login.mjs';
import { build, cookieHeader, cookieJar, PASSWORD } from '../helpers.ts';

type App = Awaited<ReturnType<typeof build>>;

async function openForm(app: App, jar: Record<string, string> = {}) {
  const form = await app.inject({ method: 'GET', url: '/core/auth/login/', headers: { cookie: cookieHeader(jar) } });
  return { form, jar: cookieJar(form, jar), publicKey: parseLoginForm(form.body).publicKey };
}

const post = (app: App, jar: Record<string, string>, password: string, username = 'user') =>
  app.inject({
    method: 'POST',
    url: '/core/auth/login/',
    headers: { cookie: cookieHeader(jar) },
    payload: { csrfmiddlewaretoken: jar.csrftoken, username, password },
  });

const lastLog = (app: App) => ({
  ...(app.bastion.db
    .prepare('SELECT username, reason, status FROM login_logs ORDER BY rowid DESC LIMIT 1')
    .get() as object),
});
const failures = (app: App) =>
  app.bastion.db.prepare("SELECT count FROM login_failures WHERE username = 'user'").pluck().get();

test('the form carries a 1024-bit public key, the same one while the flow lasts, and its encrypting script', async (t) => {
  const app = await build(t);
  const first = await openForm(app);
  assert.match(first.publicKey, /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n?$/);
  const { createPublicKey } = await import('node:crypto');
  assert.equal(createPublicKey(first.publicKey).asymmetricKeyDetails?.modulusLength, 1024);
  assert.ok(first.jar.jms_login_flow, 'the private key stays on the server, in the sign-in flow');
  assert.ok(!first.form.body.includes('PRIVATE KEY'));
  const again = await openForm(app, first.jar);
  assert.equal(again.publicKey, first.publicKey, 'reused until a sign-in succeeds, as 2.3 keeps it in the session');
  assert.notEqual((await openForm(app)).publicKey, first.publicKey, 'another browser gets its own pair');
  // The typed password has no name: only the script's encrypted copy is posted.
  assert.match(first.form.body, /<input type="password" id="password" autocomplete="current-password" required>/);
  assert.match(first.form.body, /<input type="hidden" id="password-hidden" name="password">/);
  assert.match(first.form.body, /<script src="\/static\/js\/plugins\/jsencrypt\/jsencrypt\.min\.js" defer><\/script>/);
  assert.match(first.form.body, /<script src="\/static\/js\/login-form\.js" defer><\/script>/);
  for (const src of ['/static/js/plugins/jsencrypt/jsencrypt.min.js', '/static/js/login-form.js']) {
    const script = await app.inject({ method: 'GET', url: src });
    assert.equal(script.statusCode, 200, src);
    assert.match(String(script.headers['content-type']), /^text\/javascript/);
  }
  assert.match((await app.inject({ method: 'GET', url: '/static/js/login-form.js' })).body, /JSEncrypt/);
});

test('an encrypted password signs in, and the key pair ends with the sign-in', async (t) => {
  const app = await build(t);
  const { jar, publicKey } = await openForm(app);
  const response = await post(app, jar, encryptPassword(publicKey, PASSWORD));
  assert.equal(response.statusCode, 302);
  assert.equal(response.headers.location, '/ui/');
  assert.ok(response.cookies.some((c) => c.name === 'sessionid' && c.value));
  assert.deepEqual(lastLog(app), { username: 'user', reason: '', status: 1 });
  const flow = app.bastion.db
    .prepare('SELECT data FROM login_flows WHERE id_hash = ?')
    .pluck()
    .get(tokenHash(jar.jms_login_flow)) as string | undefined;
  assert.ok(!flow || !JSON.parse(unseal(app.bastion.db, flow)).rsaPrivateKey, 'the private key is gone');
  // The same cipher text cannot sign in again: the key it was made for no longer exists.
  const replay = await post(app, cookieJar(response, jar), encryptPassword(publicKey, PASSWORD));
  assert.equal(replay.statusCode, 200);
});

test('a plain-text password is refused as a wrong one: logged as a failure and counted', async (t) => {
  const app = await build(t);
  const { jar } = await openForm(app, { django_language: 'en' });
  const response = await post(app, jar, PASSWORD);
  assert.equal(response.statusCode, 200);
  assert.ok(!response.cookies.some((c) => c.name === 'sessionid'));
  assert.match(
    response.body,
    /The username or password you entered is incorrect, please enter it again\. You can also try 6 times/,
  );
  assert.deepEqual(lastLog(app), { username: 'user', reason: 'password_failed', status: 0 });
  assert.equal(failures(app), 1);
});

test('a password encrypted with another flow’s key is refused', async (t) => {
  const app = await build(t);
  const mine = await openForm(app);
  const other = await openForm(app);
  const wrongKey = await post(app, mine.jar, encryptPassword(other.publicKey, PASSWORD));
  assert.equal(wrongKey.statusCode, 200);
  assert.ok(!wrongKey.cookies.some((c) => c.name === 'sessionid'));
  assert.deepEqual(lastLog(app), { username: 'user', reason: 'password_failed', status: 0 });
  assert.equal(failures(app), 1);
});

test('a post without a sign-in flow (no key on the server) is refused', async (t) => {
  const app = await build(t);
  const { jar, publicKey } = await openForm(app);
  const { jms_login_flow: _flow, ...noFlow } = jar;
  const response = await post(app, noFlow, encryptPassword(publicKey, PASSWORD));
  assert.equal(response.statusCode, 200);
  assert.ok(!response.cookies.some((c) => c.name === 'sessionid'));
  assert.deepEqual(lastLog(app), { username: 'user', reason: 'password_failed', status: 0 });
});

test('the token API still takes the plain password (2.3 encrypts only the login form)', async (t) => {
  const app = await build(t);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username: 'user', password: PASSWORD },
  });
  assert.equal(response.statusCode, 201);
});

test('a public key in 2.3’s own page script is read as well (the console signs in to a real 2.3)', async (t) => {
  const app = await build(t);
  const { publicKey } = await openForm(app);
  const page = `<script>function doLogin() { var rsaPublicKey = "${publicKey.trim().replace(/\n/g, '\\n')}"\n }</script>`;
  assert.equal(parseLoginForm(page).publicKey.trim(), publicKey.trim());
});
