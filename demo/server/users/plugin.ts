// Users, their groups and their own profile as one plugin: the contract suite's definitions, the profile
// routes (own password, SSH key) and the admin's actions on a user.
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { userGroupsResource } from './resources/user-groups.ts';
import { usersGroupsRelationsResource } from './resources/users-groups-relations.ts';
import { usersResource } from './resources/users.ts';
import { registerUserActionRoutes } from './user-action-routes.ts';

export const USERS_RESOURCES: readonly ResourceDef[] = [
  usersResource,
  userGroupsResource,
  usersGroupsRelationsResource,
];

export const usersPlugin = featurePlugin('users', (app) => {
  registerProfileRoutes(app);
  registerResources(app, USERS_RESOURCES);
  registerUserActionRoutes(app);
});
