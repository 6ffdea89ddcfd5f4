// Everything the Permissions section adds beyond the RESOURCES registry: the granted-resource
// endpoints (users, "my", user groups), the asset-permission extras and system-users-permission.
import type { FastifyInstance } from 'fastify';
import { registerGrantedRoutes } from './granted-routes.ts';
import { registerPermissionExtraRoutes } from './permission-extra-routes.ts';

export function registerPermsRoutes(app: FastifyInstance): void {
  registerGrantedRoutes(app);
  registerPermissionExtraRoutes(app);
}
