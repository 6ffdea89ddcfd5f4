import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { selectedValue } from './menu-select.ts'
import { SlButton, SlDropdown, SlIcon, SlMenu, SlMenuItem } from './shoelace.ts'

/** External pages of the Help menu (spec §1); each opens in a new tab. */
export const HELP_LINKS = {
  docs: 'https://docs.jumpserver.org/',
  support: 'https://jumpserver.org/support/',
  enterprise: 'https://jumpserver.org/enterprise.html',
} as const

type HelpKey = keyof typeof HELP_LINKS

export function HelpMenu() {
  const t = useT()
  return (
    <SlDropdown className="help-menu" placement="bottom-end">
      <SlButton slot="trigger" variant="text" caret>
        <SlIcon slot="prefix" name="question-circle" />
        {t('ui.help.title')}
      </SlButton>
      <SlMenu onSlSelect={(event) => window.open(HELP_LINKS[selectedValue(event) as HelpKey], '_blank')}>
        {(Object.keys(HELP_LINKS) as HelpKey[]).map((key) => (
          <SlMenuItem key={key} value={key}>
            {t(`ui.help.${key}`)}
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlDropdown>
  )
}
