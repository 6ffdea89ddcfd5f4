// The server's own pages speak the console's language: django_language, else Chinese, whatever the
// browser's Accept-Language says (an English browser met an English sign-in page, then a Chinese
// console). API answers keep Django's rule for scripts: the cookie, then Accept-Language.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { build, loginSession } from '../helpers.ts';

const ENGLISH_BROWSER = { 'accept-language': 'en-US,en;q=0.9' };

test('a fresh English browser gets the sign-in page in Chinese, as the console will open', async (t) => {
  const app = await build(t);
  const page = await app.inject({ method: 'GET', url: '/core/auth/login/', headers: ENGLISH_BROWSER });
  assert.match(page.body, /<html lang="zh-CN">/);
  assert.match(page.body, /欢迎使用堡垒机管理控制台/);
  assert.doesNotMatch(page.body, /Welcome to the bastion console/);
});

test('a console set to English (django_language) gets the sign-in page in English', async (t) => {
  const app = await build(t);
  const page = await app.inject({
    method: 'GET',
    url: '/core/auth/login/',
    headers: { ...ENGLISH_BROWSER, cookie: 'django_language=en' },
  });
  assert.match(page.body, /<html lang="en">/);
  assert.match(page.body, /Welcome to the bastion console/);
  const zh = await app.inject({
    method: 'GET',
    url: '/core/auth/login/',
    headers: { ...ENGLISH_BROWSER, cookie: 'django_language=zh-hans' },
  });
  assert.match(zh.body, /欢迎使用堡垒机管理控制台/);
});

test('an API script is still answered in its Accept-Language', async (t) => {
  const app = await build(t);
  const refused = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    headers: ENGLISH_BROWSER,
    payload: { username: 'admin', password: 'wrong' },
  });
  assert.equal(refused.statusCode, 400);
  assert.match(JSON.stringify(refused.json()), /[A-Za-z]{4}/);
  assert.doesNotMatch(JSON.stringify(refused.json()), /[\u4e00-\u9fff]/, 'no Chinese for an English script');
});

test("the login-confirmation page asks its status in the page's own language", () => {
  const script = readFileSync(new URL('../../../demo/login-wait-confirm.js', import.meta.url), 'utf8');
  assert.match(script, /document\.documentElement\.lang === 'en' \? 'en' : 'zh-hans'/);
  assert.match(script, /'Accept-Language': lang/);
});

test("the web terminal's and the file manager's pages speak the console's language to their element", async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'user');
  for (const url of ['/luna/', '/koko/elfinder/sftp/']) {
    const zh = await app.inject({ method: 'GET', url, headers: { ...ENGLISH_BROWSER, cookie: session.cookie } });
    assert.match(zh.body, /<html lang="zh-CN">/, `${url} without a choice: Chinese, as the console`);
    const en = await app.inject({ method: 'GET', url, headers: { cookie: `${session.cookie}; django_language=en` } });
    assert.match(en.body, /<html lang="en">/, `${url} for an English console`);
  }
});
