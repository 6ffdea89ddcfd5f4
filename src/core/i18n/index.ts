import i18next from 'i18next'
import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $lang, type Lang } from '../stores/locale.ts'
import { coreZh } from './core.zh.ts'
import { coreEn } from './core.en.ts'

export type Messages = { [key: string]: string | Messages }
export type TFunction = (key: string, options?: Record<string, unknown>) => string

// A private instance: a host page embedding our elements may run its own i18next.
export const i18n = i18next.createInstance()

void i18n.init({
  lng: $lang.get(),
  fallbackLng: 'en',
  resources: { zh: { translation: coreZh }, en: { translation: coreEn } },
  initAsync: false,
  // React escapes text and server strings are never rendered as HTML.
  interpolation: { escapeValue: false },
  returnNull: false,
})

$lang.listen((lang) => {
  void i18n.changeLanguage(lang)
})

/** UI modules and pages add their messages at import time; nested keys are deep-merged. */
export function registerMessages(messages: { zh?: Messages; en?: Messages }): void {
  for (const lang of ['zh', 'en'] as const) {
    const bundle = messages[lang]
    if (bundle) i18n.addResourceBundle(lang, 'translation', bundle, true, true)
  }
}

export const t: TFunction = (key, options) => i18n.t(key, options) as string

export function currentLang(): Lang {
  return $lang.get()
}

/** Re-renders the component when the language changes. */
export function useT(): TFunction {
  const lang = useStore($lang)
  return useMemo(() => {
    const fixed = i18n.getFixedT(lang)
    return (key: string, options?: Record<string, unknown>) => fixed(key, options) as string
  }, [lang])
}
