import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { MenuButton } from './MenuButton.tsx';

/** External pages of the Help menu (spec §1); each opens in a new tab. */
export const HELP_LINKS = {
  docs: 'https://docs.jumpserver.org/',
  support: 'https://jumpserver.org/support/',
  enterprise: 'https://jumpserver.org/enterprise.html',
} as const;

type HelpKey = keyof typeof HELP_LINKS;

export function HelpMenu() {
  const t = useT();
  return (
    <MenuButton
      className="help-menu"
      variant="text"
      align="end"
      icon="question-circle"
      label={t('ui.help.title')}
      items={(Object.keys(HELP_LINKS) as HelpKey[]).map((key) => ({ value: key, label: t(`ui.help.${key}`) }))}
      onSelect={(key) => window.open(HELP_LINKS[key as HelpKey], '_blank')}
    />
  );
}
