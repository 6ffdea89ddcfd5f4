// Everything the Permissions section adds beyond the RESOURCES registry: the granted-resource endpoints
// (users, "my", user groups) and their OPTIONS, the asset-permission extras and system-users-permission, the
// application permissions' extra endpoints and the app granted-resource endpoints.
import type { FastifyInstance } from 'fastify';
import { registerAppGrantRoutes } from './app-grant-routes.ts';
import { registerAppPermissionRoutes } from './app-permission-routes.ts';
import { registerGrantedOptionsRoutes } from './granted-options-routes.ts';
import { registerGrantedRoutes } from './granted-routes.ts';
import { registerPermissionExtraRoutes } from './permission-extra-routes.ts';

export function registerPermsRoutes(app: FastifyInstance): void {
  registerAppPermissionRoutes(app);
  registerAppGrantRoutes(app);
  registerGrantedRoutes(app);
  registerPermissionExtraRoutes(app);
  registerGrantedOptionsRoutes(app);
}
