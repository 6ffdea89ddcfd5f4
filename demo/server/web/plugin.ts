// The web layer's routes as one plugin, registered after every feature: health and the spm cache, the
// permission classes of views without a resource definition (they join the descriptions the features gave
// those views, so after the features), the console's files and pages (static, embed, web terminal, file
// manager) and the web terminal's WebSocket proxy.
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerCommonRoutes } from './common-routes.ts';
import { registerEmbedRoutes } from './embed-route.ts';
import { registerFileManager } from './file-manager-proxy.ts';
import { registerStaticRoutes } from './static-routes.ts';
import { registerTerminalSocketProxy } from './terminal-socket-proxy.ts';
import { registerViewPermissions } from './view-permissions.ts';
import { registerWebTerminalPage } from './web-terminal-page.ts';

export interface WebOptions {
  /** The console's build (dist/); none in tests that need no page. */
  distDir?: string;
  /** Where the terminal components' web doors listen (TERMINAL_HTTP_PORT). */
  terminalHttpPort?: number;
}

export const webPlugin = featurePlugin<WebOptions>('web', async (app, opts) => {
  registerCommonRoutes(app);
  registerViewPermissions(app);
  await registerStaticRoutes(app, opts.distDir);
  registerEmbedRoutes(app, opts.distDir);
  registerWebTerminalPage(app, opts.distDir);
  registerTerminalSocketProxy(app, opts.terminalHttpPort);
  registerFileManager(app, opts.distDir, opts.terminalHttpPort);
});
