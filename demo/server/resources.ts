// Every resource definition the server offers. app.ts registers them all and the contract suite
// (test/server/engine/contract.ts) runs over this same list, so a new definition is covered by adding it here.
import type { ResourceDef } from './engine/types.ts';
import { accessKeysResource } from './auth/resources/access-keys.ts';
import { adminUsersResource } from './assets/resources/admin-users.ts';
import { ASSET_PERMISSION_RELATIONS } from './perms/resources/asset-permission-relations.ts';
import { APP_PERMISSION_RELATIONS } from './perms/resources/app-permission-relations.ts';
import {
  databaseAppPermissionsResource,
  k8sAppPermissionsResource,
  remoteAppPermissionsResource,
} from './perms/resources/app-permissions.ts';
import { assetPermissionsResource } from './perms/resources/asset-permissions.ts';
import { assetsResource } from './assets/resources/assets.ts';
import { cmdFiltersResource } from './assets/resources/cmd-filters.ts';
import { databaseAppsResource } from './applications/resources/database-apps.ts';
import { domainsResource } from './assets/resources/domains.ts';
import { favoriteAssetsResource } from './assets/resources/favorite-assets.ts';
import { gatewaysResource } from './assets/resources/gateways.ts';
import { k8sAppsResource } from './applications/resources/k8s-apps.ts';
import { labelsResource } from './assets/resources/labels.ts';
import { nodesResource } from './assets/resources/nodes.ts';
import { orgsResource } from './orgs/resources/orgs.ts';
import { orgMemberRelationsResource } from './orgs/resources/org-member-relations.ts';
import { remoteAppsResource } from './applications/resources/remote-apps.ts';
import { systemUsersResource } from './assets/resources/system-users.ts';
import {
  systemUsersAssetsRelationsResource,
  systemUsersNodesRelationsResource,
  systemUsersUsersRelationsResource,
} from './assets/resources/system-users-relations.ts';
import { userGroupsResource } from './users/resources/user-groups.ts';
import { usersGroupsRelationsResource } from './users/resources/users-groups-relations.ts';
import { usersResource } from './users/resources/users.ts';
import { commandStoragesResource } from './terminal/resources/command-storages.ts';
import { replayStoragesResource } from './terminal/resources/replay-storages.ts';
import { terminalTasksResource } from './terminal/resources/terminal-tasks.ts';
import { terminalsResource } from './terminal/resources/terminals.ts';

export const RESOURCES: readonly ResourceDef[] = [
  orgsResource,
  orgMemberRelationsResource,
  accessKeysResource,
  usersResource,
  userGroupsResource,
  usersGroupsRelationsResource,
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
  assetPermissionsResource,
  ...ASSET_PERMISSION_RELATIONS,
  favoriteAssetsResource,
  // Applications and their permissions (migration 10).
  remoteAppsResource,
  databaseAppsResource,
  k8sAppsResource,
  remoteAppPermissionsResource,
  databaseAppPermissionsResource,
  k8sAppPermissionsResource,
  ...APP_PERMISSION_RELATIONS,
  // Terminals, their tasks and storages (migration 12). Their sessions are records only terminals write
  // (terminal/routes.ts registers them; commands: terminal/command-routes.ts).
  terminalsResource,
  terminalTasksResource,
  replayStoragesResource,
  commandStoragesResource,
];
