import { resourceRoutes } from '../../core/resource/define.ts'
import type { RouteRecord } from '../../core/routes.ts'
import { databaseAppPermissions, kubernetesAppPermissions, remoteAppPermissions } from './app-permissions.resource.ts'
import { assetPermissions } from './asset-permissions.resource.ts'
import { AssetPermissionListPage } from './AssetPermissionListPage.tsx'
import { licensed } from './licensed.ts'
import './i18n.ts'

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
