// The captcha of the login form, as 2.3 asks for it: none until a form login fails from an address;
// then, for an hour, the form carries a picture (SVG, from this origin) and captcha_0/captcha_1, and a
// missing or wrong answer refuses the login before the password is looked at ('Captcha invalid').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLoginForm } from '../../../scripts/lib/form-login.mjs';
import { build, captchaAnswer, PASSWORD, postLoginForm } from '../helpers.ts';

type App = Awaited<ReturnType<typeof build>>;
const EN = { django_language: 'en' };
const logCount = (app: App) => app.bastion.db.prepare('SELECT COUNT(*) FROM login_logs').pluck().get() as number;
const failures = (app: App) =>
  app.bastion.db.prepare("SELECT count FROM login_failures WHERE username = 'user'").pluck().get();

test('no captcha before a failure; after one the form asks for it, with its picture served as SVG', async (t) => {
  const app = await build(t);
  const clean = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  assert.doesNotMatch(clean.body, /captcha_0/);
  const { response: failed } = await postLoginForm(app, { username: 'user', password: 'wrong', jar: EN });
  assert.match(failed.body, /The username or password you entered is incorrect/);
  // The re-rendered form already asks, as 2.3's does.
  const key = parseLoginForm(failed.body).captchaKey;
  assert.ok(key);
  assert.match(failed.body, new RegExp(`<img src="/core/auth/captcha/image/${key}/" alt="captcha" class="captcha"`));
  assert.match(failed.body, /<input type="text" id="id_captcha_1" name="captcha_1"/);
  assert.match(failed.body, /<label for="id_captcha_1">Captcha<\/label>/);
  const image = await app.inject({ method: 'GET', url: `/core/auth/captcha/image/${key}/` });
  assert.equal(image.statusCode, 200);
  assert.equal(image.headers['content-type'], 'image/svg+xml');
  assert.equal(image.headers['cache-control'], 'no-store');
  assert.match(image.body, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.doesNotMatch(image.body, /<script|<text|on\w+=/i, 'paths only: the answer is not in the markup as text');
  assert.equal(
    (await app.inject({ method: 'GET', url: '/core/auth/captcha/image/nope-not-a-key-at-all/' })).statusCode,
    404,
  );
  // Each showing of the form draws a new one.
  const again = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  assert.notEqual(parseLoginForm(again.body).captchaKey, key);
});

test('a missing or wrong captcha refuses the login before the password; the right one lets it through', async (t) => {
  const app = await build(t);
  await postLoginForm(app, { username: 'user', password: 'wrong' });
  const logs = logCount(app);
  for (const answer of ['', 'zzzz']) {
    const { response } = await postLoginForm(app, { username: 'user', password: PASSWORD, captcha: answer, jar: EN });
    assert.equal(response.statusCode, 200, JSON.stringify(answer));
    assert.match(response.body, /<p class="error" role="alert">Captcha invalid<\/p>/);
    assert.ok(!response.cookies.some((c) => c.name === 'sessionid'));
  }
  const { response: missing } = await postLoginForm(app, {
    username: 'user',
    password: PASSWORD,
    extra: { captcha_0: '', captcha_1: '' },
  });
  assert.match(missing.body, /验证码错误/, 'in Chinese by default');
  assert.equal(logCount(app), logs, 'no login log: the password was never checked');
  assert.equal(failures(app), 1, 'nor counted toward the lockout');

  const { response } = await postLoginForm(app, { username: 'user', password: PASSWORD });
  assert.equal(response.statusCode, 302);
  assert.equal(logCount(app), logs + 1);
});

test('a captcha answers once, ignores case, and lasts five minutes; the address is asked for an hour', async (t) => {
  const app = await build(t);
  await postLoginForm(app, { username: 'user', password: 'wrong' });
  // Used once: the same key and answer a second time is refused.
  const form = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  const key = parseLoginForm(form.body).captchaKey;
  const answer = captchaAnswer(app, key);
  const first = await postLoginForm(app, {
    username: 'user',
    password: 'wrong',
    extra: { captcha_0: key, captcha_1: answer.toUpperCase() },
  });
  assert.doesNotMatch(first.response.body, /验证码错误/, 'the answer in capitals is right');
  assert.match(first.response.body, /您输入的用户名或密码不正确/);
  const reused = await postLoginForm(app, {
    username: 'user',
    password: PASSWORD,
    extra: { captcha_0: key, captcha_1: answer },
  });
  assert.match(reused.response.body, /验证码错误/);
  // Expired after five minutes.
  const late = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  const lateKey = parseLoginForm(late.body).captchaKey;
  const lateAnswer = captchaAnswer(app, lateKey);
  app.clock.advance(5 * 60_000 + 1_000);
  const expired = await postLoginForm(app, {
    username: 'user',
    password: PASSWORD,
    extra: { captcha_0: lateKey, captcha_1: lateAnswer },
  });
  assert.match(expired.response.body, /验证码错误/);
  assert.equal((await app.inject({ method: 'GET', url: `/core/auth/captcha/image/${lateKey}/` })).statusCode, 404);
  // An hour after the last failure the form no longer asks.
  app.clock.advance(3600_000);
  const clean = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  assert.doesNotMatch(clean.body, /captcha_0/);
  const { response } = await postLoginForm(app, { username: 'user', password: PASSWORD });
  assert.equal(response.statusCode, 302);
});

test('the captcha is asked of the address that failed, not of others', async (t) => {
  const app = await build(t);
  await postLoginForm(app, { username: 'user', password: 'wrong' });
  const elsewhere = await app.inject({ method: 'GET', url: '/core/auth/login/', remoteAddress: '127.0.0.77' });
  assert.doesNotMatch(elsewhere.body, /captcha_0/);
  const here = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  assert.match(here.body, /captcha_0/);
});
