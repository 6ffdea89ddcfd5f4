import { expect } from '@open-wc/testing';
import { setCookie } from '../../src/core/cookies.ts';
import { i18n, languageReady, registerMessages, t } from '../../src/core/i18n/index.ts';
import { coreEn } from '../../src/core/i18n/core.en.ts';
import { coreZh } from '../../src/core/i18n/core.zh.ts';
import { setReloader } from '../../src/core/navigation.ts';
import { $lang, detectLang, setLang } from '../../src/core/stores/locale.ts';
import { clearCoreCookies, snapshotCookies } from './support/cookies.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('i18n', () => {
  let restoreCookies: () => void;
  let savedLang: string | null;

  beforeEach(() => {
    restoreCookies = snapshotCookies();
    clearCoreCookies();
    savedLang = localStorage.getItem('lang');
    localStorage.removeItem('lang');
  });

  afterEach(() => {
    if (savedLang === null) localStorage.removeItem('lang');
    else localStorage.setItem('lang', savedLang);
    $lang.set('zh');
    setReloader(null);
    restoreCookies();
  });

  it('loads no English until the console speaks it, then all of it at once', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).to.equal(false);
    expect(t('common.reLogin')).to.equal('重新登录');
    $lang.set('en');
    await languageReady();
    expect(i18n.language).to.equal('en');
    expect(t('common.reLogin')).to.equal('Re-Login');
  });

  it('is Chinese unless localStorage or the server cookie says otherwise', () => {
    expect(detectLang()).to.equal('zh');
    setCookie('django_language', 'en');
    expect(detectLang()).to.equal('en');
    localStorage.setItem('lang', 'zh');
    expect(detectLang()).to.equal('zh');
    setCookie('django_language', 'zh-hans');
    localStorage.setItem('lang', 'en');
    expect(detectLang()).to.equal('en');
  });

  it('speaks the spec messages in both languages', async () => {
    $lang.set('zh');
    expect(t('http.error.relogin')).to.equal('账号已退出，请重新登录');
    expect(t('http.error.badRequest')).to.equal('请求错误，请检查填写内容');
    expect(t('route.AssetList')).to.equal('资产列表');
    $lang.set('en');
    await languageReady();
    expect(t('http.error.relogin')).to.equal('You account has logout, Please login again');
    expect(t('common.reLogin')).to.equal('Re-Login');
    expect(t('message.importCreated', { count: 3 })).to.equal('Import create success, total: 3');
  });

  it('has every key in both bundles', () => {
    expect(keys(coreEn as Tree)).to.deep.equal(keys(coreZh as Tree));
  });

  it('deep-merges registered messages and falls back to English', () => {
    registerMessages({ zh: { http: { extra: '额外' } }, en: { http: { extra: 'Extra', onlyEn: 'Only English' } } });
    $lang.set('zh');
    expect(t('http.extra')).to.equal('额外');
    expect(t('http.onlyEn')).to.equal('Only English');
    expect(t('http.error.relogin')).to.equal('账号已退出，请重新登录');
  });

  it('fills values as i18next did, and answers the default text, then the key, for a text nobody has', () => {
    registerMessages({ zh: { http: { filled: '{{name}} 有 {{count}} 个，{{gone}}{{missing}}' } } });
    $lang.set('zh');
    expect(t('http.filled', { name: 'admin', count: 0, gone: undefined })).to.equal('admin 有 0 个，{{missing}}');
    expect(t('http.nowhere', { defaultValue: '默认 {{n}}', n: 2 })).to.equal('默认 2');
    expect(t('http.nowhere')).to.equal('http.nowhere');
    expect(t('http.error'), 'a branch is not a text').to.equal('http.error');
  });

  it('setLang stores the choice for the console and the server, then reloads', () => {
    let reloaded = 0;
    setReloader(() => {
      reloaded += 1;
    });
    setLang('en');
    expect(localStorage.getItem('lang')).to.equal('en');
    expect(document.cookie).to.include('django_language=en');
    expect(i18n.language).to.equal('en');
    expect(reloaded).to.equal(1);
  });
});
