// MFA (TOTP) as 2.3 does it: a signed-in user binds an authenticator from the profile pages (password,
// QR code + secret, a code), then the login form asks for a code at /core/auth/login/otp/; a wrong code
// is refused with 2.3's message and logged; the token API answers mfa_required until mfa/challenge/;
// forced MFA without a secret goes through the binding and signs in; an admin's reset clears the secret.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readOtpSecret } from '../../../demo/server/users/user-store.ts';
import { totpCode } from '../../../demo/server/auth/mfa/totp.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, build, cookieHeader, cookieJar, loginSession, PASSWORD, postLoginForm, userId } from '../helpers.ts';

type App = FastifyInstance & { clock: { now: () => number; advance: (ms: number) => void } };

/** A browser whose console speaks `lang` (the server's pages follow its django_language): a cookie jar that follows what each answer sets. */
function browser(app: App, lang = 'en') {
  let jar: Record<string, string> = { django_language: lang.startsWith('zh') ? 'zh-hans' : 'en' };
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<LightMyRequestResponse> => {
    const response = await app.inject({
      method,
      url,
      headers: { cookie: cookieHeader(jar), 'accept-language': lang },
      ...(form ? { payload: { csrfmiddlewaretoken: jar.csrftoken ?? '', ...form } } : {}),
    });
    jar = cookieJar(response, jar);
    return response;
  };
  const api = async (url: string, payload: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookieHeader(jar), 'accept-language': lang },
      payload,
    });
    jar = cookieJar(response, jar);
    return response;
  };
  /** The RSA-encrypted login form, posted the way a browser's script does, in this browser's cookies. */
  const passwordStep = async (username: string, next?: string) => {
    const { response, jar: after } = await postLoginForm(app, {
      username,
      next,
      jar,
      headers: { 'accept-language': lang },
    });
    jar = after;
    return response;
  };
  return { call, api, passwordStep, jar: () => jar };
}

const secretOn = (html: string): string => /class="otp-secret">([A-Z2-7]+)</.exec(html)?.[1] ?? '';
const errorOn = (html: string): string => /class="error" role="alert">([^<]*)</.exec(html)?.[1] ?? '';
const secretOf = (app: App, username: string) => readOtpSecret(app.bastion.db, userId(app, username));
const mfaLevelOf = (app: App, username: string) =>
  app.bastion.db.prepare('SELECT mfa_level FROM users WHERE username = ?').pluck().get(username) as number;

/** Signs in by the form (no MFA yet) and enables MFA through the profile pages; returns the secret. */
async function enableFromProfile(app: App, username: string): Promise<string> {
  const session = await loginSession(app, username);
  const b = browser(app);
  Object.assign(b.jar(), session.cookies);
  const start = await b.call('GET', '/core/auth/profile/otp/enable/start/');
  assert.equal(start.statusCode, 200);
  assert.match(start.body, /name="password"/);
  const wrong = await b.call('POST', '/core/auth/profile/otp/enable/start/', { password: 'nope' });
  assert.equal(errorOn(wrong.body), 'Password invalid');
  const ok = await b.call('POST', '/core/auth/profile/otp/enable/start/', { password: PASSWORD });
  assert.equal(ok.statusCode, 302);
  assert.equal(ok.headers.location, '/core/auth/profile/otp/enable/bind/');
  const bind = await b.call('GET', '/core/auth/profile/otp/enable/bind/');
  assert.equal(bind.statusCode, 200);
  assert.match(bind.body, /<img class="otp-qr" src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
  const secret = secretOn(bind.body);
  assert.ok(secret.length >= 16, 'the secret is shown as text too');
  assert.match(
    String(bind.headers['content-security-policy']),
    /img-src 'self' data:/,
    'the data: QR code is allowed by the CSP',
  );
  assert.doesNotMatch(bind.body, /<script/, 'no script at all on the page');
  const bad = await b.call('POST', '/core/auth/profile/otp/enable/bind/', {
    otp_code: '000000' === totpCode(secret, app.clock.now()) ? '111111' : '000000',
  });
  assert.equal(errorOn(bad.body), 'MFA code invalid, or ntp sync server time');
  assert.equal(secretOn(bad.body), secret, 'a wrong code keeps the same secret on screen');
  assert.equal(secretOf(app, username), null);
  const good = await b.call('POST', '/core/auth/profile/otp/enable/bind/', {
    otp_code: totpCode(secret, app.clock.now()),
  });
  assert.equal(good.statusCode, 302);
  assert.match(String(good.headers.location), /^\/core\/auth\/profile\/otp\/settings-success\//);
  const success = await b.call('GET', String(good.headers.location));
  assert.match(success.body, /MFA enable success/);
  assert.equal(secretOf(app, username), secret);
  assert.equal(mfaLevelOf(app, username), 1);
  const after = await app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers: session.headers });
  assert.equal(after.statusCode, 401, 'as in 2.3, the success page ends the session');
  return secret;
}

/** The login form's POST; returns the browser, positioned after the redirect. */
async function passwordStep(app: App, username: string, next = '/ui/#/dashboard') {
  const b = browser(app);
  const response = await b.passwordStep(username, next);
  return { b, response };
}

test('enable MFA from the profile pages; the login form then asks for the code, refuses a wrong one and signs in with the right one', async (t) => {
  const app = (await build(t)) as App;
  const secret = await enableFromProfile(app, 'user');

  const { b, response } = await passwordStep(app, 'user');
  assert.equal(response.statusCode, 302);
  assert.equal(response.headers.location, '/core/auth/login/otp/');
  assert.equal(b.jar().sessionid, undefined, 'no session before the code');
  const page = await b.call('GET', '/core/auth/login/otp/');
  assert.match(page.body, /name="otp_code"/);

  const wrongCode = totpCode(secret, app.clock.now() - 10 * 60_000);
  const wrong = await b.call('POST', '/core/auth/login/otp/', { otp_code: wrongCode });
  assert.equal(wrong.statusCode, 200);
  assert.equal(errorOn(wrong.body), 'MFA code invalid, or ntp sync server time');
  assert.equal(b.jar().sessionid, undefined);
  const failed = app.bastion.db
    .prepare("SELECT reason, status FROM login_logs WHERE username = 'user' ORDER BY rowid DESC LIMIT 1")
    .get() as { reason: string; status: number };
  assert.deepEqual(failed, { reason: 'mfa_failed', status: 0 });
  assert.equal(
    app.bastion.db.prepare("SELECT count FROM login_failures WHERE username = 'user'").pluck().get(),
    1,
    'a wrong code counts toward the lockout',
  );

  // One step old is still inside 2.3's OTP_VALID_WINDOW.
  const right = await b.call('POST', '/core/auth/login/otp/', { otp_code: totpCode(secret, app.clock.now() - 30_000) });
  assert.equal(right.statusCode, 302);
  assert.equal(right.headers.location, '/ui/#/dashboard');
  assert.ok(b.jar().sessionid);
  const profile = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { cookie: cookieHeader(b.jar()) },
  });
  assert.equal(profile.statusCode, 200);
  assert.equal(profile.json().mfa_enabled, true);
  const ok = app.bastion.db
    .prepare("SELECT reason, status, mfa FROM login_logs WHERE username = 'user' ORDER BY rowid DESC LIMIT 1")
    .get();
  assert.deepEqual({ ...(ok as object) }, { reason: '', status: 1, mfa: 1 });

  assert.equal(
    app.bastion.db.prepare("SELECT count(*) FROM login_failures WHERE username = 'user'").pluck().get(),
    0,
    'the sign-in clears the count',
  );

  // The flow is spent: the code page sends a new visitor back to the form.
  const again = await b.call('GET', '/core/auth/login/otp/');
  assert.equal(again.statusCode, 302);
  assert.equal(again.headers.location, '/core/auth/login/');
  const stranger = await browser(app).call('POST', '/core/auth/login/otp/', { otp_code: '123456' });
  assert.equal(stranger.headers.location, '/core/auth/login/');
});

test('the code step answers in the caller language (zh)', async (t) => {
  const app = (await build(t)) as App;
  app.bastion.db
    .prepare("UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE username = 'user'")
    .run(seal(app.bastion.db, 'JBSWY3DPEHPK3PXP'));
  const b = browser(app, 'zh');
  await b.passwordStep('user');
  const wrong = await b.call('POST', '/core/auth/login/otp/', { otp_code: 'abcdef' });
  assert.equal(errorOn(wrong.body), 'MFA验证码不正确，或者服务器端时间不对');
});

test('API: auth/ answers mfa_required, mfa/challenge/ refuses a wrong code and accepts the right one, then auth/ issues the token', async (t) => {
  const app = (await build(t)) as App;
  const secret = 'JBSWY3DPEHPK3PXP';
  app.bastion.db
    .prepare('UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE username = ?')
    .run(seal(app.bastion.db, secret), 'user');
  const b = browser(app);
  const first = await b.api('/api/v1/authentication/auth/', { username: 'user', password: PASSWORD });
  assert.equal(first.statusCode, 200);
  assert.deepEqual(first.json(), {
    error: 'mfa_required',
    msg: 'MFA required',
    data: { choices: ['code'], url: '/api/v1/authentication/mfa/challenge/' },
  });
  const noCookie = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/mfa/challenge/',
    headers: { 'accept-language': 'en' },
    payload: { code: '123456' },
  });
  assert.deepEqual(
    [noCookie.statusCode, noCookie.json()],
    [400, { error: 'session_empty', msg: 'No session found, check your cookie' }],
  );
  const missing = await b.api('/api/v1/authentication/mfa/challenge/', {});
  assert.deepEqual([missing.statusCode, missing.json()], [400, { code: ['This field is required.'] }]);
  const wrong = await b.api('/api/v1/authentication/mfa/challenge/', {
    code: totpCode(secret, app.clock.now() + 5 * 60_000),
  });
  assert.deepEqual(
    [wrong.statusCode, wrong.json()],
    [400, { error: 'mfa_failed', msg: 'MFA code invalid, or ntp sync server time' }],
  );
  const stillRequired = await b.api('/api/v1/authentication/auth/', { username: 'user', password: PASSWORD });
  assert.equal(stillRequired.json().error, 'mfa_required');
  const right = await b.api('/api/v1/authentication/mfa/challenge/', { code: totpCode(secret, app.clock.now()) });
  assert.deepEqual([right.statusCode, right.json()], [200, { msg: 'ok' }]);
  const token = await b.api('/api/v1/authentication/auth/', { username: 'user', password: PASSWORD });
  assert.equal(token.statusCode, 201);
  assert.equal(token.json().keyword, 'Bearer');
  const me = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { authorization: `Bearer ${token.json().token}` },
  });
  assert.equal(me.json().username, 'user');
  // The flow is spent: the next call starts over.
  const next = await b.api('/api/v1/authentication/auth/', { username: 'user', password: PASSWORD });
  assert.equal(next.json().error, 'mfa_required');
  // Without MFA nothing changes.
  assert.ok((await bearer(app, 'admin')).authorization.startsWith('Bearer '));
});

test('forced MFA (SECURITY_MFA_AUTH) without a secret: after the password the user binds an authenticator and is signed in', async (t) => {
  const app = (await build(t)) as App;
  const admin = await loginSession(app, 'admin');
  const setting = await app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/setting/?category=security',
    headers: admin.headers,
    payload: { security: { SECURITY_MFA_AUTH: true } },
  });
  assert.equal(setting.statusCode, 200, setting.body);

  const api = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    headers: { 'accept-language': 'en' },
    payload: { username: 'user', password: PASSWORD },
  });
  assert.deepEqual(
    [api.statusCode, api.json()],
    [400, { error: 'mfa_unset', msg: 'MFA not set, please set it first' }],
  );

  const { b, response } = await passwordStep(app, 'user', '/ui/#/users/profile/');
  assert.equal(response.headers.location, '/core/auth/profile/otp/enable/bind/');
  const start = await b.call('GET', '/core/auth/profile/otp/enable/start/');
  assert.equal(
    start.headers.location,
    '/core/auth/profile/otp/enable/bind/',
    'the pending user skips the password it just gave',
  );
  const otpStep = await b.call('GET', '/core/auth/login/otp/');
  assert.equal(otpStep.headers.location, '/core/auth/profile/otp/enable/bind/');
  const bind = await b.call('GET', '/core/auth/profile/otp/enable/bind/');
  assert.equal(bind.statusCode, 200);
  assert.match(bind.body, /bind an authenticator to finish signing in/);
  const secret = secretOn(bind.body);
  const done = await b.call('POST', '/core/auth/profile/otp/enable/bind/', {
    otp_code: totpCode(secret, app.clock.now()),
  });
  assert.equal(done.statusCode, 302);
  assert.equal(done.headers.location, '/ui/#/users/profile/');
  assert.ok(b.jar().sessionid);
  assert.equal(secretOf(app, 'user'), secret);
  const profile = await app.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { cookie: cookieHeader(b.jar()) },
  });
  assert.equal(profile.json().mfa_force_enabled, true);
  const reasons = app.bastion.db
    .prepare("SELECT reason FROM login_logs WHERE username = 'user' ORDER BY rowid")
    .pluck()
    .all();
  assert.deepEqual(reasons.slice(-2), ['mfa_unset', '']);

  // A forced user cannot disable it; another visitor cannot reach the binding page.
  const disable = await b.call('GET', '/core/auth/profile/otp/disable/authentication/');
  assert.equal(disable.statusCode, 400);
  const stranger = await browser(app).call('GET', '/core/auth/profile/otp/enable/bind/');
  assert.equal(stranger.statusCode, 403);
});

test('update re-binds after a current code; disable with a code turns MFA off; admin reset clears the secret', async (t) => {
  const app = (await build(t)) as App;
  const secret = 'JBSWY3DPEHPK3PXP';
  app.bastion.db
    .prepare('UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE username = ?')
    .run(seal(app.bastion.db, secret), 'user');
  const { b } = await passwordStep(app, 'user');
  await b.call('POST', '/core/auth/login/otp/', { otp_code: totpCode(secret, app.clock.now()) });
  assert.ok(b.jar().sessionid);

  const noProof = await b.call('GET', '/core/auth/profile/otp/enable/bind/');
  assert.equal(noProof.statusCode, 403, 'binding over a bound authenticator needs a code first');
  const update = await b.call('POST', '/core/auth/profile/otp/update/', {
    otp_code: totpCode(secret, app.clock.now()),
  });
  assert.equal(update.headers.location, '/core/auth/profile/otp/enable/bind/');
  const bind = await b.call('GET', '/core/auth/profile/otp/enable/bind/');
  const fresh = secretOn(bind.body);
  assert.notEqual(fresh, secret);
  await b.call('POST', '/core/auth/profile/otp/enable/bind/', { otp_code: totpCode(fresh, app.clock.now()) });
  assert.equal(secretOf(app, 'user'), fresh);

  // The success page ended the session; sign in again with the new authenticator, then disable.
  const again = await passwordStep(app, 'user');
  await again.b.call('POST', '/core/auth/login/otp/', { otp_code: totpCode(fresh, app.clock.now()) });
  const wrong = await again.b.call('POST', '/core/auth/profile/otp/disable/authentication/', {
    otp_code: totpCode(secret, app.clock.now()),
  });
  assert.equal(errorOn(wrong.body), 'MFA code invalid, or ntp sync server time');
  const off = await again.b.call('POST', '/core/auth/profile/otp/disable/authentication/', {
    otp_code: totpCode(fresh, app.clock.now()),
  });
  assert.match(String(off.headers.location), /settings-success/);
  const page = await again.b.call('GET', String(off.headers.location));
  assert.match(page.body, /MFA disable success/);
  assert.deepEqual([mfaLevelOf(app, 'user'), secretOf(app, 'user')], [0, null]);
  assert.equal(
    (await passwordStep(app, 'user')).response.headers.location,
    '/ui/#/dashboard',
    'no code asked any more',
  );

  // Admin reset (2.3: GET users/<id>/otp/reset/): the secret goes, the level stays, the next sign-in binds again.
  app.bastion.db
    .prepare('UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE username = ?')
    .run(seal(app.bastion.db, secret), 'user');
  const admin = await loginSession(app, 'admin');
  const reset = await app.inject({
    method: 'GET',
    url: `/api/v1/users/users/${userId(app, 'user')}/otp/reset/`,
    headers: admin.headers,
  });
  assert.deepEqual([reset.statusCode, reset.json()], [200, { msg: 'success' }]);
  assert.deepEqual([mfaLevelOf(app, 'user'), secretOf(app, 'user')], [1, null]);
  assert.equal((await passwordStep(app, 'user')).response.headers.location, '/core/auth/profile/otp/enable/bind/');
  const self = await app.inject({
    method: 'GET',
    url: `/api/v1/users/users/${userId(app, 'admin')}/otp/reset/`,
    headers: { ...admin.headers, 'accept-language': 'en' },
  });
  assert.deepEqual(
    [self.statusCode, self.json()],
    [401, { error: 'Could not reset self otp, use profile reset instead' }],
  );
});

test('the OTP pages send a visitor without a session to the login form', async (t) => {
  const app = (await build(t)) as App;
  for (const path of [
    '/core/auth/profile/otp/enable/start/',
    '/core/auth/profile/otp/disable/authentication/',
    '/core/auth/profile/otp/update/',
  ]) {
    const response = await browser(app).call('GET', path);
    assert.equal(response.statusCode, 302, path);
    assert.match(String(response.headers.location), /^\/core\/auth\/login\/\?next=/);
  }
});

test('wrong codes count toward the lockout: at the limit the code step ends and the password is refused as blocked', async (t) => {
  const app = (await build(t)) as App;
  const secret = 'JBSWY3DPEHPK3PXP';
  app.bastion.db
    .prepare('UPDATE users SET mfa_level = 1, otp_secret_key = ? WHERE username = ?')
    .run(seal(app.bastion.db, secret), 'user');
  const { b } = await passwordStep(app, 'user');
  const wrongCode = totpCode(secret, app.clock.now() - 10 * 60_000);
  const limit = app.bastion.settings.get<number>('SECURITY_LOGIN_LIMIT_COUNT');
  for (let i = 1; i < limit; i++) {
    const wrong = await b.call('POST', '/core/auth/login/otp/', { otp_code: wrongCode });
    assert.equal(errorOn(wrong.body), 'MFA code invalid, or ntp sync server time', `wrong code ${i}`);
    // Giving the password again starts a new code step but does not reset the count.
    if (i === 2) assert.equal((await b.passwordStep('user')).headers.location, '/core/auth/login/otp/');
  }
  const last = await b.call('POST', '/core/auth/login/otp/', { otp_code: wrongCode });
  assert.equal(last.statusCode, 302);
  assert.equal(last.headers.location, '/core/auth/login/');
  // Even the right code is no use now: the flow's user is blocked.
  const right = await b.call('POST', '/core/auth/login/otp/', { otp_code: totpCode(secret, app.clock.now()) });
  assert.equal(right.headers.location, '/core/auth/login/');
  assert.equal(b.jar().sessionid, undefined);
  const again = await b.passwordStep('user');
  assert.equal(again.statusCode, 200);
  assert.match(again.body, /blocked|locked|锁定/i);
});
