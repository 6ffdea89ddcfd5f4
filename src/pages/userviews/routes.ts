import { createElement, type ComponentType } from 'react';
import { PERM } from '../../core/permissions.ts';
import type { PageProps, RouteRecord } from '../../core/routes.ts';
import { $licenseValid } from '../../core/stores/settings.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import type { AppKind } from './apps/app-kinds.ts';

// Loaded on first use (src/core/README.md "First load"): the admin's first screen needs neither.
const MyAssetsPage = lazyComponent(
  () => import('./assets/MyAssetsPage.tsx').then((m) => m.MyAssetsPage),
  'MyAssetsPage',
);
const MyAppsPage = lazyComponent<{ kind: AppKind; title: string }>(
  () => import('./apps/MyAppsPage.tsx').then((m) => m.MyAppsPage),
  'MyAppsPage',
);

const USE = [PERM.USE];

function appsPage(kind: AppKind, title: string): ComponentType<PageProps> {
  const Page = () => createElement(MyAppsPage, { kind, title });
  Page.displayName = `MyApps(${kind})`;
  return Page;
}

/** The user page's own sections (ROUTES.md user-page routes; names as Lina 2.3.1, "MyDatebases" sic). */
export const userViewRoutes: RouteRecord[] = [
  {
    path: '/',
    name: 'MyAssets',
    component: MyAssetsPage,
    meta: { title: 'route.MyAssets', icon: 'files', affix: true, permissions: USE },
  },
  {
    path: '/apps',
    name: 'Apps',
    // `/apps` → `/apps/remoteapp` as in the route table, but that page needs a valid licence: without
    // one the reference's redirect ends nowhere, so it opens the databases. A getter: the licence is
    // known once the guard has the public settings, before it builds the routes.
    get redirect() {
      return $licenseValid.get() ? '/apps/remoteapp' : '/apps/database';
    },
    meta: { title: 'route.Apps', icon: 'grid-3x3-gap', alwaysShow: true, permissions: USE },
    children: [
      {
        path: 'remoteapp',
        name: 'MyRemoteApps',
        component: appsPage('remote-apps', 'route.MyRemoteApps'),
        meta: { title: 'route.MyRemoteApps', permissions: USE, licenseRequired: true },
      },
      {
        path: 'database',
        name: 'MyDatebases',
        component: appsPage('database-apps', 'route.MyDatebases'),
        meta: { title: 'route.MyDatebases', permissions: USE },
      },
      {
        path: 'kubernetes',
        name: 'MyKubernetes',
        component: appsPage('k8s-apps', 'route.MyKubernetes'),
        meta: { title: 'route.MyKubernetes', permissions: USE },
      },
    ],
  },
];
