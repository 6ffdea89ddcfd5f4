import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { DEFAULT_LOGO } from '../config.ts'
import './i18n.ts'
import { useT } from '../i18n/index.ts'
import { menuItems } from '../menu.ts'
import { $routes } from '../routes.ts'
import { $sidebar } from '../stores/app.ts'
import { $publicSettings } from '../stores/settings.ts'
import { OrgSelector } from './OrgSelector.tsx'
import { SidebarMenu } from './SidebarMenu.tsx'

function Logo() {
  const settings = useStore($publicSettings)
  const t = useT()
  const logo = settings.LOGO_URLS?.logo_index
  const custom = logo && logo !== DEFAULT_LOGO
  return (
    <div className="logo">
      {custom ? <img src={logo} alt={t('ui.logoText')} /> : <span className="logo-text">{t('ui.logoText')}</span>}
    </div>
  )
}

export function Sidebar({ activePath }: { activePath: string }) {
  const routes = useStore($routes)
  const { opened } = useStore($sidebar)
  const items = useMemo(() => menuItems(routes), [routes])
  return (
    <nav className="sidebar">
      <Logo />
      {opened && <OrgSelector />}
      <SidebarMenu items={items} activePath={activePath} />
    </nav>
  )
}
