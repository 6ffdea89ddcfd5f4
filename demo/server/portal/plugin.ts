// Portals on other origins as one plugin: the OIDC authorization server and the portal-token route. Their
// CORS headers are a hook on every route, registered before any (app.ts: registerCors).
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerAuthorizationServer, type PortalOptions } from './authorization-server.ts';
import { registerPortalTokenRoute } from './token-route.ts';

export const portalPlugin = featurePlugin<PortalOptions>('portal', (app, opts) => {
  registerAuthorizationServer(app, opts);
  registerPortalTokenRoute(app, opts.origins);
});
