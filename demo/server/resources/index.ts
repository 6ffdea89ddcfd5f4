// Every resource definition the server offers. app.ts registers them all and the contract suite
// (test/server/engine/contract.ts) runs over this same list, so a new definition is covered by adding it here.
import type { ResourceDef } from '../engine/types.ts';
import { accessKeysResource } from './access-keys.ts';
import { adminUsersResource } from './admin-users.ts';
import { ASSET_PERMISSION_RELATIONS } from './asset-permission-relations.ts';
import { APP_PERMISSION_RELATIONS } from './app-permission-relations.ts';
import {
  databaseAppPermissionsResource,
  k8sAppPermissionsResource,
  remoteAppPermissionsResource,
} from './app-permissions.ts';
import { assetPermissionsResource } from './asset-permissions.ts';
import { assetsResource } from './assets.ts';
import { cmdFiltersResource } from './cmd-filters.ts';
import { databaseAppsResource } from './database-apps.ts';
import { domainsResource } from './domains.ts';
import { favoriteAssetsResource } from './favorite-assets.ts';
import { gatewaysResource } from './gateways.ts';
import { k8sAppsResource } from './k8s-apps.ts';
import { labelsResource } from './labels.ts';
import { nodesResource } from './nodes.ts';
import { orgsResource } from './orgs.ts';
import { orgMemberRelationsResource } from './org-member-relations.ts';
import { remoteAppsResource } from './remote-apps.ts';
import { systemUsersResource } from './system-users.ts';
import {
  systemUsersAssetsRelationsResource,
  systemUsersNodesRelationsResource,
  systemUsersUsersRelationsResource,
} from './system-users-relations.ts';
import { userGroupsResource } from './user-groups.ts';
import { usersGroupsRelationsResource } from './users-groups-relations.ts';
import { usersResource } from './users.ts';
import { commandStoragesResource } from './command-storages.ts';
import { replayStoragesResource } from './replay-storages.ts';
import { terminalTasksResource } from './terminal-tasks.ts';
import { terminalsResource } from './terminals.ts';

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
