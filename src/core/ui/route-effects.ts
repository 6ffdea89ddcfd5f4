import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { t } from '../i18n/index.ts';
import { currentFullPath } from '../navigation.ts';
import type { FlatRoute } from '../routes.ts';
import { $device, $sidebar, closeSidebar } from '../stores/app.ts';
import { $lang } from '../stores/locale.ts';
import { addView } from '../stores/tags.ts';
import { hashSearch } from './hash-location.ts';

type Match = { route: FlatRoute; params: Record<string, string> } | null;

/**
 * Pages drawn without the shell (no menu before login; the 404 page stands alone, as in Lina). They
 * get no tab either: the tab strip is the shell's, and a tab of the 404 page only leads back to it.
 */
export const BARE_ROUTE_NAMES = new Set(['Login', '404', 'CeleryTaskLog']);

/** What happens on every route change: a tab, the page title, the mobile sidebar closing. */
export function useRouteEffects(match: Match, ownsPage: boolean): void {
  const lang = useStore($lang);
  const fullPath = currentFullPath();
  const route = match?.route;

  useEffect(() => {
    if (!route?.name || route.meta?.title === undefined || BARE_ROUTE_NAMES.has(route.name)) return;
    addView({
      path: fullPath.split('?')[0],
      fullPath,
      name: route.name,
      query: Object.fromEntries(new URLSearchParams(hashSearch())),
      title: route.meta.title,
      meta: { ...route.meta },
    });
  }, [route, fullPath]);

  useEffect(() => {
    if (!ownsPage || !route?.meta?.title) return;
    document.title = `${t(route.meta.title)} - ${t('app.title')}`;
  }, [route, ownsPage, lang]);

  useEffect(() => {
    if ($device.get() === 'mobile' && $sidebar.get().opened) closeSidebar(false);
  }, [fullPath]);
}
