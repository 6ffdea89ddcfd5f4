import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';
import { ASSET_PERMISSIONS, PERMS } from './api.ts';

// What the route table needs of the Permissions section's resources (ROUTES.md): names, paths, the
// menu icon. The definitions extend these and load with the section's first page (routes.ts).

export const ASSET_PERMISSION_ROUTES = {
  name: 'AssetPermission',
  url: ASSET_PERMISSIONS,
  path: '/perms/asset-permissions',
  icon: 'shield-lock',
  // ROUTES.md: the update route is singular in 2.3 ("asset-permission"), kept for old links.
  paths: { update: '/perms/asset-permission/:id/update' },
} satisfies ResourceRoutesStub;

/** An app permission: API segment `api`, UI segment `path` (they differ for Kubernetes: `k8s` vs `kubernetes`). */
function appPermissionRoutes(name: string, api: string, path: string) {
  return {
    name,
    url: `${PERMS}${api}-permissions/`,
    path: `/perms/${path}-permissions`,
    // ROUTES.md: Lina's app-permission update route has no `:id`; the id rides in the query.
    paths: { update: `/perms/${path}-permissions/update` },
  } satisfies ResourceRoutesStub;
}

export const REMOTE_APP_PERMISSION_ROUTES = appPermissionRoutes('RemoteAppPermission', 'remote-app', 'remote-app');
export const DATABASE_APP_PERMISSION_ROUTES = appPermissionRoutes(
  'DatabaseAppPermission',
  'database-app',
  'database-app',
);
export const KUBERNETES_APP_PERMISSION_ROUTES = appPermissionRoutes(
  'KubernetesAppPermission',
  'k8s-app',
  'kubernetes-app',
);
