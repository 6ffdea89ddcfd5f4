import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { createContext, useContext, useMemo } from 'react';
import { $lang, type Lang } from '../stores/locale.ts';
import { coreZh } from './core.zh.ts';
import { Lookup, type Messages, type TFunction } from './lookup.ts';

export type { Messages, TFunction } from './lookup.ts';
/** The same keys as `T` (a catalogue in the other language must say everything the first says). */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
/** A catalogue in its module's chunk, or one loaded when its language is wanted (`() => import('./x.en.ts')`). */
export type Catalogue = Messages | (() => Promise<{ default: Messages }>);
type Loader = () => Promise<{ default: Messages }>;

// One instance per page, private to the elements: Chinese by default, English where a text is missing.
// Texts are never HTML (React escapes them), so values go in as they are.
export const i18n = new Lookup($lang.get(), 'en');
i18n.addResourceBundle('zh', 'translation', coreZh);

// Chinese, the console's default, travels with the code; English comes in its own chunk when the
// console speaks English (first load: the bytes and the parsing of a language nobody reads).
const waiting: Record<Lang, Loader[]> = { zh: [], en: [() => import('./core.en.ts')] };
const arriving: Partial<Record<Lang, Promise<void>>> = {};
const inFlight: Record<Lang, number> = { zh: 0, en: 0 };

/** Bumped when a catalogue arrives, so components drawn before it re-render (useT). */
export const $catalogues = atom(0);
/** The language the texts are in: $lang's once its catalogues are in (until then the previous one). */
const $shown = atom<string>(i18n.language);
i18n.on('languageChanged', (lang) => $shown.set(lang));

function addBundle(lang: Lang, bundle: Messages): void {
  i18n.addResourceBundle(lang, 'translation', bundle);
}

/** Loads what is registered for `lang` and not loaded yet; resolves once all of it is in. */
export function loadLanguage(lang: Lang): Promise<void> {
  const loaders = waiting[lang].splice(0);
  if (loaders.length > 0) {
    inFlight[lang] += 1;
    const batch = Promise.all(
      loaders.map((load) =>
        load().then(
          (module) => {
            addBundle(lang, module.default);
          },
          () => {
            // A chunk that did not arrive (network) is asked again by the next loadLanguage().
            waiting[lang].push(load);
          },
        ),
      ),
    ).finally(() => {
      inFlight[lang] -= 1;
      $catalogues.set($catalogues.get() + 1);
    });
    arriving[lang] = Promise.all([arriving[lang], batch]).then(() => undefined);
  }
  return arriving[lang] ?? Promise.resolve();
}

/** Resolves when the current language's catalogues are in (at once for Chinese). */
export function languageReady(): Promise<void> {
  return loadLanguage($lang.get());
}

if ($lang.get() !== 'zh') void loadLanguage($lang.get());

$lang.listen((lang) => {
  // Switch at once when nothing is missing, so the texts never show keys in between.
  if (waiting[lang].length === 0 && inFlight[lang] === 0) void i18n.changeLanguage(lang);
  else
    void loadLanguage(lang).then(() => {
      if ($lang.get() === lang) void i18n.changeLanguage(lang);
    });
});

// Languages elements show besides the page's own (an element's `lang`, or the host's <html lang>).
const pinned: Record<Lang, number> = { zh: 0, en: 0 };

/** An element shows `lang`: its catalogues load, now and as modules register more; returns the release. */
export function pinLanguage(lang: Lang): () => void {
  pinned[lang] += 1;
  void loadLanguage(lang);
  return () => {
    pinned[lang] -= 1;
  };
}

const loaded = (lang: Lang) => waiting[lang].length === 0 && inFlight[lang] === 0;

/**
 * The language an element's texts are in (define.ts provides it from the element's `lang`, or the
 * host page's); undefined: the page's language ($lang).
 */
export const LangContext = createContext<Lang | undefined>(undefined);

/** UI modules and pages add their messages at import time; nested keys are deep-merged. */
export function registerMessages(messages: { zh?: Catalogue; en?: Catalogue }): void {
  for (const lang of ['zh', 'en'] as const) {
    const bundle = messages[lang];
    if (typeof bundle === 'function') {
      waiting[lang].push(bundle);
      if (lang === $lang.get() || pinned[lang] > 0) void loadLanguage(lang);
    } else if (bundle) {
      addBundle(lang, bundle);
    }
  }
}

export const t: TFunction = (key, options) => i18n.t(key, options);

export function currentLang(): Lang {
  return $lang.get();
}

/** Re-renders the component when the language changes or its catalogue arrives. */
export function useT(): TFunction {
  const wanted = useContext(LangContext);
  const shown = useStore($shown);
  const catalogues = useStore($catalogues);
  // An element's own language once its texts are in; the page's meanwhile.
  const lang = wanted && loaded(wanted) ? wanted : shown;
  // A new function when a catalogue arrives, so memoised children draw its texts too.
  return useMemo(() => i18n.getFixedT(lang), [lang, catalogues]);
}
