import { useStore } from '@nanostores/react'
import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { $lang, setLang, type Lang } from '../stores/locale.ts'
import { selectedValue } from './menu-select.ts'
import { SlButton, SlDropdown, SlIcon, SlMenu, SlMenuItem } from './shoelace.ts'

// Language names are written in their own language, so they are not translated.
const LANGUAGES: { lang: Lang; label: string }[] = [
  { lang: 'zh', label: '中文(简体)' },
  { lang: 'en', label: 'English' },
]

export function LangMenu() {
  const current = useStore($lang)
  const t = useT()
  const currentLabel = LANGUAGES.find((item) => item.lang === current)?.label ?? current
  return (
    <SlDropdown className="lang-menu" placement="bottom-end">
      <SlButton slot="trigger" variant="text" caret aria-label={t('ui.lang.title')}>
        <SlIcon slot="prefix" name="translate" />
        {currentLabel}
      </SlButton>
      <SlMenu
        onSlSelect={(event) => {
          const lang = selectedValue(event) as Lang
          if (lang !== current) setLang(lang)
        }}
      >
        {LANGUAGES.map((item) => (
          <SlMenuItem key={item.lang} value={item.lang} type="checkbox" checked={item.lang === current}>
            {item.label}
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlDropdown>
  )
}
