// Everything the Assets section adds beyond the engine's per-definition routes.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/routes.ts';
import { cmdFilterRulesResource } from '../resources/cmd-filter-rules.ts';
import { registerAssetExtraRoutes } from './extra-routes.ts';
import { registerNodeRoutes } from './node-routes.ts';

export function registerAssetRoutes(app: FastifyInstance): void {
  registerResource(app, cmdFilterRulesResource);
  registerNodeRoutes(app);
  registerAssetExtraRoutes(app);
}
