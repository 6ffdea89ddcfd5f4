import { lazyResourceRoutes } from '../../core/engine/lazy-routes.ts';
import type { RouteRecord } from '../../core/routes.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { licensed } from './licensed.ts';
import {
  ASSET_PERMISSION_ROUTES,
  DATABASE_APP_PERMISSION_ROUTES,
  KUBERNETES_APP_PERMISSION_ROUTES,
  REMOTE_APP_PERMISSION_ROUTES,
} from './section.ts';

// Every page of the section loads on first use (src/core/README.md "First load"): the table holds the
// stubs of section.ts; the definitions, their messages and the list page come in chunks of their own.
const AssetPermissionListPage = lazyComponent(
  () => import('./AssetPermissionListPage.tsx').then((m) => m.AssetPermissionListPage),
  'AssetPermissionListPage',
);
const apps = () => import('./app-permissions.resource.ts');

/** The Permissions section of the admin page (ROUTES.md): `/perms` → asset permissions. */
export const permsRoutes: RouteRecord = {
  path: '/perms',
  name: 'Perms',
  redirect: '/perms/asset-permissions/',
  meta: { title: 'route.Perms', icon: 'shield-lock' },
  children: [
    ...lazyResourceRoutes(ASSET_PERMISSION_ROUTES, () =>
      import('./asset-permissions.resource.ts').then((m) => m.assetPermissions),
    ).map((r) => (r.name === 'AssetPermissionList' ? { ...r, component: AssetPermissionListPage } : r)),
    ...licensed(lazyResourceRoutes(REMOTE_APP_PERMISSION_ROUTES, () => apps().then((m) => m.remoteAppPermissions))),
    ...lazyResourceRoutes(DATABASE_APP_PERMISSION_ROUTES, () => apps().then((m) => m.databaseAppPermissions)),
    ...lazyResourceRoutes(KUBERNETES_APP_PERMISSION_ROUTES, () => apps().then((m) => m.kubernetesAppPermissions)),
  ],
};
