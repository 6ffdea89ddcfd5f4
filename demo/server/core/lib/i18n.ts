// The server's own message table (zh default, en). Django picks the language from the
// `django_language` cookie, then Accept-Language; we do the same.
import { messages, type MessageKey } from './messages.ts';

export type Lang = 'zh' | 'en';
export type Localized = { en: string; zh: string };

/** A text in both languages. */
export const L = (zh: string, en: string): Localized => ({ en, zh });

export function detectLang(cookieLang: string | undefined, acceptLanguage: string | undefined): Lang {
  const fromCookie = normalise(cookieLang);
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const lang = normalise(part.split(';')[0]);
    if (lang) return lang;
  }
  return 'zh';
}

/**
 * The language of a page the server renders for a browser (under `/core/`: sign-in, MFA, login
 * confirmation): the console's rule, django_language, else Chinese. The browser's Accept-Language
 * does not count there: an English browser got an English sign-in page in front of a Chinese console.
 */
export function pageLang(cookieLang: string | undefined): Lang {
  return detectLang(cookieLang, undefined);
}

function normalise(value: string | undefined): Lang | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v.startsWith('zh')) return 'zh';
  if (v.startsWith('en')) return 'en';
  return null;
}

/** Translate a key and fill `{name}` placeholders. */
export function t(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return fill(messages[key][lang], params);
}

export function pick(lang: Lang, text: Localized, params: Record<string, string | number> = {}): string {
  return fill(text[lang], params);
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
