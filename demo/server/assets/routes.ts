// Everything the Assets section adds beyond the RESOURCES registry. Two definitions are registered
// here rather than in RESOURCES because the generic contract cannot apply to them: platforms are
// global (its org-isolation test would see them from every org) and command filter rules live under
// a path with the filter id. test/server/assets/assets-platforms.test.ts and assets-cmd-filter-rules.test.ts cover them.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/routes.ts';
import { cmdFilterRulesResource } from './resources/cmd-filter-rules.ts';
import { platformsResource } from './resources/platforms.ts';
import { assetUserAuthInfosResource, assetUsersResource } from './resources/asset-users.ts';
import { gatheredUsersResource } from './resources/gathered-users.ts';
import { registerAuthBookRoutes } from './auth-book-routes.ts';
import { registerAssetExtraRoutes } from './extra-routes.ts';
import { registerNodeRoutes } from './node-routes.ts';
import { registerSystemUserAssetAuthRoute } from './system-user-asset-auth.ts';

export function registerAssetRoutes(app: FastifyInstance): void {
  registerResource(app, platformsResource);
  registerResource(app, cmdFilterRulesResource);
  // Views the generic contract cannot create into: test/server/assets/assets-asset-users.test.ts, assets-auth-infos.test.ts,
  // assets-gathered-users.test.ts and asset-users-auth-book.test.ts cover them. A POST on asset-users/ stores
  // a new AuthBook version (auth-book-routes.ts), not a row of the view.
  registerResource(app, assetUsersResource);
  registerAuthBookRoutes(app, assetUsersResource.url);
  registerResource(app, assetUserAuthInfosResource);
  registerResource(app, gatheredUsersResource);
  registerNodeRoutes(app);
  registerAssetExtraRoutes(app);
  registerSystemUserAssetAuthRoute(app);
}
