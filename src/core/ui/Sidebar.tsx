import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { DEFAULT_LOGO } from '../config.ts';
import './i18n.ts';
import { useT } from '../i18n/index.ts';
import { menuItems } from '../menu.ts';
import { $routes } from '../routes.ts';
import { $device, $sidebar } from '../stores/app.ts';
import { $publicSettings } from '../stores/settings.ts';
import { OrgSelector } from './OrgSelector.tsx';
import { SidebarMenu } from './SidebarMenu.tsx';

/**
 * The wide logo (`logo_index`) in the open sidebar; in the collapsed one (54 px) the square logo
 * (`logo_logout`), as 2.3 does, or the text logo's initial: the wide one would be cut.
 */
function Logo({ collapsed }: { collapsed: boolean }) {
  const settings = useStore($publicSettings);
  const t = useT();
  const logo = collapsed ? settings.LOGO_URLS?.logo_logout : settings.LOGO_URLS?.logo_index;
  const custom = logo && logo !== DEFAULT_LOGO;
  const text = collapsed ? t('ui.logoMark') : t('ui.logoText');
  return (
    <div className={collapsed ? 'logo logo-collapsed' : 'logo'}>
      {custom ? (
        <img src={logo} alt={t('ui.logoText')} />
      ) : (
        <span className="logo-text" title={t('ui.logoText')}>
          {text}
        </span>
      )}
    </div>
  );
}

export function Sidebar({ activePath }: { activePath: string }) {
  const routes = useStore($routes);
  const { opened } = useStore($sidebar);
  const device = useStore($device);
  const items = useMemo(() => menuItems(routes), [routes]);
  const t = useT();
  // On mobile a closed sidebar slides away whole and opens full width: never the 54-px bar.
  const collapsed = !opened && device !== 'mobile';
  return (
    <nav className="sidebar" part="sidebar" aria-label={t('ui.navbar.menu')}>
      <Logo collapsed={collapsed} />
      {opened && <OrgSelector />}
      <SidebarMenu items={items} activePath={activePath} collapsed={collapsed} />
    </nav>
  );
}
