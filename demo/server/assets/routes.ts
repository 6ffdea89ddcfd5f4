// Everything the Assets section adds beyond the RESOURCES registry. Two definitions are registered
// here rather than in RESOURCES because the generic contract cannot apply to them: platforms are
// global (its org-isolation test would see them from every org) and command filter rules live under
// a path with the filter id. test/server/assets-platforms.test.ts and assets-cmd-filter-rules.test.ts cover them.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/routes.ts';
import { cmdFilterRulesResource } from '../resources/cmd-filter-rules.ts';
import { platformsResource } from '../resources/platforms.ts';
import { assetUserAuthInfosResource, assetUsersResource } from '../resources/asset-users.ts';
import { gatheredUsersResource } from '../resources/gathered-users.ts';
import { registerAssetExtraRoutes } from './extra-routes.ts';
import { registerNodeRoutes } from './node-routes.ts';
import { registerSystemUserAssetAuthRoute } from './system-user-asset-auth.ts';

export function registerAssetRoutes(app: FastifyInstance): void {
  registerResource(app, platformsResource);
  registerResource(app, cmdFilterRulesResource);
  // Read-only views (nothing to create): test/server/assets-asset-users.test.ts, assets-auth-infos.test.ts
  // and assets-gathered-users.test.ts cover them.
  registerResource(app, assetUsersResource);
  registerResource(app, assetUserAuthInfosResource);
  registerResource(app, gatheredUsersResource);
  registerNodeRoutes(app);
  registerAssetExtraRoutes(app);
  registerSystemUserAssetAuthRoute(app);
}
