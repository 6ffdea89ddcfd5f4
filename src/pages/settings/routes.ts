import { SUPER_ADMIN_ONLY } from '../../core/permissions.ts';
import type { RouteRecord } from '../../core/routes.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';

const SettingsPage = lazyComponent(() => import('./SettingsPage.tsx').then((m) => m.SettingsPage), 'SettingsPage');

/** `/settings` (ROUTES.md: `/settings → /settings/`; paths match without the trailing slash): super admin only. */
export const settingsRoutes: RouteRecord = {
  path: '/settings',
  name: 'Settings',
  component: SettingsPage,
  meta: { title: 'route.Settings', icon: 'gear', permissions: SUPER_ADMIN_ONLY },
};
