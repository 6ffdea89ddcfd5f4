import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useT } from '../i18n/index.ts'
import type { MenuItem } from '../menu.ts'
import { normalizePath } from '../routes.ts'
import { Icon } from './Icon.tsx'

const isUnder = (path: string, item: MenuItem) =>
  normalizePath(path) === item.path || normalizePath(path).startsWith(`${item.path}/`)

function Entry({ item, activePath }: { item: MenuItem; activePath: string }) {
  const t = useT()
  const icon = <Icon name={item.icon ?? 'circle'} />
  const label = <span className="label">{t(item.title)}</span>
  if (item.external) {
    return (
      <a href={item.path} target="_blank" rel="noopener" data-menu={item.title}>
        {icon}
        {label}
      </a>
    )
  }
  const active = normalizePath(activePath) === item.path
  return (
    <Link href={item.path} className={active ? 'active' : ''} data-menu={item.title}>
      {icon}
      {label}
    </Link>
  )
}

function Group({ item, activePath }: { item: MenuItem; activePath: string }) {
  const t = useT()
  const holdsActive = isUnder(activePath, item)
  const [open, setOpen] = useState(holdsActive)
  // In-app navigation into the group opens it too, not only the first load; leaving it keeps
  // whatever the user chose.
  useEffect(() => {
    if (holdsActive) setOpen(true)
  }, [activePath, holdsActive])
  return (
    <li className={`group${open ? ' open' : ''}${holdsActive ? ' active' : ''}`}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-menu={item.title}>
        <Icon name={item.icon ?? 'circle'} />
        <span className="label">{t(item.title)}</span>
        <Icon className="chevron" name={open ? 'chevron-down' : 'chevron-right'} />
      </button>
      {open && <SidebarMenu items={item.children ?? []} activePath={activePath} nested />}
    </li>
  )
}

/** The permitted routes as a menu; groups expand in place, external links open a new tab. */
export function SidebarMenu(props: { items: MenuItem[]; activePath: string; nested?: boolean }) {
  return (
    <ul className={props.nested ? 'menu submenu' : 'menu'}>
      {props.items.map((item) =>
        item.children ? (
          <Group key={item.key} item={item} activePath={props.activePath} />
        ) : (
          <li key={item.key}>
            <Entry item={item} activePath={props.activePath} />
          </li>
        ),
      )}
    </ul>
  )
}
