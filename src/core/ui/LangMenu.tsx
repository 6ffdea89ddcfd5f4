import { useStore } from '@nanostores/react';
import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { $lang, setLang, type Lang } from '../stores/locale.ts';
import { MenuButton } from './MenuButton.tsx';

// Language names are written in their own language, so they are not translated.
const LANGUAGES: { lang: Lang; label: string }[] = [
  { lang: 'zh', label: '中文(简体)' },
  { lang: 'en', label: 'English' },
];

// The button's name starts with what it shows (WCAG 2.5.3, label in name), then says what it is for.
export function LangMenu() {
  const current = useStore($lang);
  const t = useT();
  const currentLabel = LANGUAGES.find((item) => item.lang === current)?.label ?? current;
  return (
    <MenuButton
      className="lang-menu"
      variant="text"
      align="end"
      icon="translate"
      label={currentLabel}
      ariaLabel={`${currentLabel} – ${t('ui.lang.title')}`}
      items={LANGUAGES.map((item) => ({
        value: item.lang,
        label: <span lang={item.lang === 'zh' ? 'zh-CN' : 'en'}>{item.label}</span>,
        checked: item.lang === current,
      }))}
      onSelect={(lang) => {
        if (lang !== current) setLang(lang as Lang);
      }}
    />
  );
}
