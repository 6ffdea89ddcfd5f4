import { atom, onMount } from 'nanostores';
import type { Lang } from '../stores/locale.ts';

// The host page's language (<html lang>), followed by every element without a `lang` of its own.

/** The console's language for a BCP 47 tag (`zh-CN`, `en-GB`), or undefined for one it does not speak. */
export function toLang(tag: string | null | undefined): Lang | undefined {
  const value = tag?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === 'zh' || value.startsWith('zh-')) return 'zh';
  if (value === 'en' || value.startsWith('en-')) return 'en';
  return undefined;
}

/** The tag rendered content carries for `lang`. */
export const langTag = (lang: Lang): string => (lang === 'zh' ? 'zh-CN' : 'en');

/** <html lang>, followed while an element listens. */
export const $documentLang = atom<string>(typeof document === 'undefined' ? '' : document.documentElement.lang);

onMount($documentLang, () => {
  const html = document.documentElement;
  const read = () => $documentLang.set(html.lang);
  read();
  const observer = new MutationObserver(read);
  observer.observe(html, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
});
