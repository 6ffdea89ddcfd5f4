import { atom } from 'nanostores';
import { COOKIE, getCookie, setCookie } from '../cookies.ts';
import { reloadPage } from '../navigation.ts';

export type Lang = 'zh' | 'en';

const LANG_KEY = 'lang';

function readStoredLang(): string | null {
  try {
    return window.localStorage.getItem(LANG_KEY);
  } catch {
    return null; // storage may be blocked (privacy mode, sandboxed iframe)
  }
}

/** localStorage `lang`, else the server's language cookie, else Chinese (spec §1). */
export function detectLang(): Lang {
  const stored = readStoredLang();
  // 'cn' is how the reference console stored Chinese.
  if (stored === 'zh' || stored === 'cn') return 'zh';
  if (stored === 'en') return 'en';
  const cookie = getCookie(COOKIE.language);
  if (cookie === 'en' || cookie?.startsWith('en-')) return 'en';
  return 'zh';
}

export const $lang = atom<Lang>(detectLang());

/** The django_language value the server's pages (login form, messages) understand for `lang`. */
const cookieValue = (lang: Lang): string => (lang === 'zh' ? 'zh-hans' : 'en');

/**
 * Tells the server the console's language: its pages follow django_language, then the browser's
 * Accept-Language, while the console follows its stored choice, then Chinese. Without the cookie,
 * an English browser got an English login form in front of a Chinese console.
 */
export function rememberLang(): void {
  const lang = $lang.get();
  if (getCookie(COOKIE.language) !== cookieValue(lang)) setCookie(COOKIE.language, cookieValue(lang));
}

/** The server's pages follow django_language, so both settings are written before reloading. */
export function setLang(lang: Lang): void {
  try {
    window.localStorage.setItem(LANG_KEY, lang);
  } catch {
    // the cookie below still carries the choice
  }
  setCookie(COOKIE.language, cookieValue(lang));
  $lang.set(lang);
  reloadPage();
}
