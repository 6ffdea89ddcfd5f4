// The Assets section as one plugin: the contract suite's definitions (nodes, assets, domains, gateways, admin
// and system users and their links, command filters, labels, favourites), then the views and actions beyond
// plain CRUD (routes.ts).
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { adminUsersResource } from './resources/admin-users.ts';
import { assetsResource } from './resources/assets.ts';
import { cmdFiltersResource } from './resources/cmd-filters.ts';
import { domainsResource } from './resources/domains.ts';
import { favoriteAssetsResource } from './resources/favorite-assets.ts';
import { gatewaysResource } from './resources/gateways.ts';
import { labelsResource } from './resources/labels.ts';
import { nodesResource } from './resources/nodes.ts';
import {
  systemUsersAssetsRelationsResource,
  systemUsersNodesRelationsResource,
  systemUsersUsersRelationsResource,
} from './resources/system-users-relations.ts';
import { systemUsersResource } from './resources/system-users.ts';
import { registerAssetRoutes } from './routes.ts';

export const ASSETS_RESOURCES: readonly ResourceDef[] = [
  nodesResource,
  assetsResource,
  domainsResource,
  gatewaysResource,
  adminUsersResource,
  systemUsersResource,
  systemUsersAssetsRelationsResource,
  systemUsersNodesRelationsResource,
  systemUsersUsersRelationsResource,
  cmdFiltersResource,
  labelsResource,
  favoriteAssetsResource,
];

export const assetsPlugin = featurePlugin('assets', (app) => {
  registerResources(app, ASSETS_RESOURCES);
  registerAssetRoutes(app);
});
