// Everything the Applications section adds beyond its three definitions (resources/remote-apps.ts,
// database-apps.ts, k8s-apps.ts): a remote app's connection info, the app permissions' extra endpoints
// and the app granted-resource endpoints (../perms/app-*.ts).
import type { FastifyInstance } from 'fastify';
import { detailRoute } from '../assets/extra-routes.ts';
import { registerAppGrantRoutes } from '../perms/app-grant-routes.ts';
import { registerAppPermissionRoutes } from '../perms/app-permission-routes.ts';
import { remoteAppsResource } from '../resources/remote-apps.ts';
import { connectionParameters } from './remote-app-params.ts';

/** The RemoteApp launcher every remote app is started through on its Windows host (2.3's constant). */
const BOOT_PROGRAM = '||jmservisor';

export function registerApplicationRoutes(app: FastifyInstance): void {
  // 2.3: IsAppUser (the terminal asks while opening the RDP session); here the org's admins, who are
  // the only accounts with the app's passwords anyway, as the terminal comes with the sessions issue.
  app.get(`${remoteAppsResource.url}:id/connection-info/`, detailRoute(app, remoteAppsResource, 'retrieve')((args, row) => ({
    id: row.id, name: row.name, asset: row.asset,
    parameter_remote_app: { program: BOOT_PROGRAM, working_directory: '', parameters: connectionParameters(args.db, row) },
  })));
  registerAppPermissionRoutes(app);
  registerAppGrantRoutes(app);
}
