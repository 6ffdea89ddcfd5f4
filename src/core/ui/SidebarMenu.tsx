import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n/index.ts';
import type { MenuItem } from '../menu.ts';
import { normalizePath } from '../routes.ts';
import routeShapes from 'virtual:route-icons';
import { addIcons, Icon } from './Icon.tsx';

// The routes' menu icons are drawn here only: an embedded element that draws a toolbar needs none of them.
addIcons(routeShapes);

const isUnder = (path: string, item: MenuItem) =>
  normalizePath(path) === item.path || normalizePath(path).startsWith(`${item.path}/`);

interface MenuProps {
  items: MenuItem[];
  activePath: string;
  nested?: boolean;
  /** The 54-px bar: labels hidden, so every entry is named by `aria-label` and a group opens as a flyout. */
  collapsed?: boolean;
}

function Entry({ item, activePath, collapsed }: { item: MenuItem; activePath: string; collapsed?: boolean }) {
  const t = useT();
  const title = t(item.title);
  const icon = <Icon name={item.icon ?? 'circle'} />;
  const label = <span className="label">{title}</span>;
  // The label is not drawn in the collapsed bar: the name and the mouse's tooltip come from these.
  const named = collapsed ? { 'aria-label': title, title } : {};
  if (item.external) {
    return (
      <a href={item.path} target="_blank" rel="noopener" data-menu={item.title} {...named}>
        {icon}
        {label}
      </a>
    );
  }
  const active = normalizePath(activePath) === item.path;
  return (
    <Link
      href={item.path}
      className={active ? 'active' : ''}
      aria-current={active ? 'page' : undefined}
      data-menu={item.title}
      {...named}
    >
      {icon}
      {label}
    </Link>
  );
}

interface GroupProps {
  item: MenuItem;
  activePath: string;
  open: boolean;
  collapsed?: boolean;
  onOpen: (open: boolean) => void;
}

function Group({ item, activePath, open, collapsed, onOpen }: GroupProps) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  const title = t(item.title);
  const toggle = () => {
    // The flyout stands beside its button, outside the bar (which would clip it).
    if (collapsed && button.current) {
      const box = button.current.getBoundingClientRect();
      setPlace({ top: box.top, left: box.right });
    }
    onOpen(!open);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || !collapsed) return;
    event.stopPropagation();
    onOpen(false);
    button.current?.focus();
  };
  return (
    <li
      className={`group${open ? ' open' : ''}${isUnder(activePath, item) ? ' active' : ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (collapsed && open && !event.currentTarget.contains(event.relatedTarget as Node)) onOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        aria-expanded={open}
        onClick={toggle}
        data-menu={item.title}
        {...(collapsed ? { 'aria-label': title, title } : {})}
      >
        <Icon name={item.icon ?? 'circle'} />
        <span className="label">{title}</span>
        <Icon className="chevron" name={open ? 'chevron-down' : 'chevron-right'} />
      </button>
      {open &&
        (collapsed ? (
          <div className="flyout" style={{ ...place, maxHeight: `calc(100vh - ${place.top}px)` }}>
            <span className="flyout-title" aria-hidden="true">
              {title}
            </span>
            <SidebarMenu items={item.children ?? []} activePath={activePath} nested />
          </div>
        ) : (
          <SidebarMenu items={item.children ?? []} activePath={activePath} nested />
        ))}
    </li>
  );
}

/**
 * The permitted routes as a menu; external links open a new tab. One group is open at a time, as in
 * Lina (its menu's `unique-opened`): with every group left open the last ones fell off a 900-px
 * screen. Opening a page opens its group; in the collapsed bar a group opens as a flyout beside it
 * and closes once a page is chosen, on Escape or when focus leaves it.
 */
export function SidebarMenu(props: MenuProps) {
  const { items, activePath, collapsed } = props;
  const holding = items.find((item) => item.children && isUnder(activePath, item))?.key ?? null;
  const [openKey, setOpenKey] = useState<string | null>(collapsed ? null : holding);
  useEffect(() => {
    if (collapsed) setOpenKey(null);
    else if (holding) setOpenKey(holding);
  }, [activePath, holding, collapsed]);
  return (
    <ul className={props.nested ? 'menu submenu' : 'menu'}>
      {items.map((item) =>
        item.children ? (
          <Group
            key={item.key}
            item={item}
            activePath={activePath}
            collapsed={collapsed}
            open={openKey === item.key}
            onOpen={(open) => setOpenKey(open ? item.key : null)}
          />
        ) : (
          <li key={item.key}>
            <Entry item={item} activePath={activePath} collapsed={collapsed} />
          </li>
        ),
      )}
    </ul>
  );
}
