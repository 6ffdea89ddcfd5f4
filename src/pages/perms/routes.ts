import { resourceRoutes } from '../../core/engine/resource-routes.ts'
import type { RouteRecord } from '../../core/routes.ts'
import { databaseAppPermissions, kubernetesAppPermissions, remoteAppPermissions } from './app-permissions.resource.ts'
import { assetPermissions } from './asset-permissions.resource.ts'
import { lazyComponent } from '../../core/ui/lazy-component.ts'
import { licensed } from './licensed.ts'
import './i18n.ts'

// The section's own page loads on first use (src/core/README.md "First load").
const AssetPermissionListPage = lazyComponent(() => import('./AssetPermissionListPage.tsx').then((m) => m.AssetPermissionListPage), 'AssetPermissionListPage')

/** The Permissions section of the admin page (ROUTES.md): `/perms` → asset permissions. */
export const permsRoutes: RouteRecord = {
  path: '/perms', name: 'Perms', redirect: '/perms/asset-permissions/', meta: { title: 'route.Perms', icon: 'shield-lock' },
  children: [
    ...resourceRoutes(assetPermissions).map((r) => (r.name === 'AssetPermissionList' ? { ...r, component: AssetPermissionListPage } : r)),
    ...licensed(resourceRoutes(remoteAppPermissions)),
    ...resourceRoutes(databaseAppPermissions),
    ...resourceRoutes(kubernetesAppPermissions),
  ],
}
