import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { toggleSidebar } from '../stores/app.ts'
import { AccountMenu } from './AccountMenu.tsx'
import { HelpMenu } from './HelpMenu.tsx'
import { LangMenu } from './LangMenu.tsx'
import { IconButton } from './IconButton.tsx'

export function Navbar({ title }: { title?: string }) {
  const t = useT()
  return (
    <header className="navbar">
      <IconButton className="hamburger" name="list" label={t('ui.navbar.toggle')} onClick={toggleSidebar} />
      <span className="title">{title ? t(title) : ''}</span>
      <HelpMenu />
      <LangMenu />
      <AccountMenu />
    </header>
  )
}
