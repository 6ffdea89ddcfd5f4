import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { $device, $sidebar, closeSidebar } from '../stores/app.ts'
import { Footer } from './Footer.tsx'
import { Navbar } from './Navbar.tsx'
import { Sidebar } from './Sidebar.tsx'
import { TagsView } from './TagsView.tsx'

/** The layout around every page: sidebar, top bar, tabs, the page, footer (spec §1). */
export function Shell(props: { activePath: string; title?: string; children: ReactNode }) {
  const { activePath, title, children } = props
  const sidebar = useStore($sidebar)
  const device = useStore($device)
  const mobile = device === 'mobile'
  const classes = ['app', sidebar.opened ? 'opened' : 'collapsed', mobile ? 'mobile' : 'desktop']
  if (sidebar.withoutAnimation) classes.push('no-animation')
  return (
    <div className={classes.join(' ')}>
      {mobile && sidebar.opened && <div className="sidebar-mask" onClick={() => closeSidebar(false)} />}
      <Sidebar activePath={activePath} />
      <div className="main">
        <Navbar title={title} />
        <TagsView />
        <main className="page">{children}</main>
        <Footer />
      </div>
    </div>
  )
}
