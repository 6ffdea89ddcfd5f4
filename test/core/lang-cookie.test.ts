// The server's own pages (the login form) follow the django_language cookie, then the browser's
// Accept-Language; the console follows its stored choice, then Chinese. The guard tells the server
// the console's language, so an English browser no longer gets an English form in front of a
// Chinese console.
import { expect } from '@open-wc/testing';
import { LOGIN_REDIRECT_DELAY } from '../../src/core/config.ts';
import { runGuard } from '../../src/core/guard.ts';
import { setHardNavigator } from '../../src/core/navigation.ts';
import { $lang, type Lang } from '../../src/core/stores/locale.ts';
import { clearCookies, cookie } from '../helpers/server.ts';

const ENGLISH_BROWSER = { 'Accept-Language': 'en-US,en;q=0.9' };
const CHINESE_BROWSER = { 'Accept-Language': 'zh-CN,zh;q=0.9' };

async function loginFormAfterGuard(lang: Lang, browser: Record<string, string>): Promise<string> {
  $lang.set(lang);
  const navigations: string[] = [];
  setHardNavigator((url) => navigations.push(url));
  try {
    expect((await runGuard('/users/users/')).status).to.equal('redirect'); // no csrftoken: not signed in
    await new Promise((resolve) => setTimeout(resolve, LOGIN_REDIRECT_DELAY + 50));
    expect(navigations).to.have.length(1);
  } finally {
    setHardNavigator(null);
  }
  return (await fetch('/core/auth/login/', { headers: browser })).text();
}

describe('language of the server login form', () => {
  const initial = $lang.get();
  beforeEach(clearCookies);
  afterEach(() => {
    clearCookies();
    $lang.set(initial);
  });

  it('is Chinese for a Chinese console in an English browser', async () => {
    const form = await loginFormAfterGuard('zh', ENGLISH_BROWSER);
    expect(cookie('django_language')).to.equal('zh-hans');
    expect(form).to.include('<html lang="zh-CN">');
    expect(form).to.include('欢迎使用堡垒机管理控制台');
  });

  it('is English for an English console in a Chinese browser', async () => {
    const form = await loginFormAfterGuard('en', CHINESE_BROWSER);
    expect(cookie('django_language')).to.equal('en');
    expect(form).to.include('Welcome to the bastion console');
  });
});
