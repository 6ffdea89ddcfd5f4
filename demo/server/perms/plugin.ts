// The Permissions section as one plugin: asset and application permissions with their relations (the
// contract suite's definitions), then the granted lists and trees and the permissions' extra endpoints.
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { APP_PERMISSION_RELATIONS } from './resources/app-permission-relations.ts';
import {
  databaseAppPermissionsResource,
  k8sAppPermissionsResource,
  remoteAppPermissionsResource,
} from './resources/app-permissions.ts';
import { ASSET_PERMISSION_RELATIONS } from './resources/asset-permission-relations.ts';
import { assetPermissionsResource } from './resources/asset-permissions.ts';
import { registerPermsRoutes } from './routes.ts';

export const PERMS_RESOURCES: readonly ResourceDef[] = [
  assetPermissionsResource,
  ...ASSET_PERMISSION_RELATIONS,
  remoteAppPermissionsResource,
  databaseAppPermissionsResource,
  k8sAppPermissionsResource,
  ...APP_PERMISSION_RELATIONS,
];

export const permsPlugin = featurePlugin('perms', (app) => {
  registerResources(app, PERMS_RESOURCES);
  registerPermsRoutes(app);
});
