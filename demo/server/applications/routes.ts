// What the Applications section adds beyond its three definitions (applications/resources/remote-apps.ts,
// database-apps.ts, k8s-apps.ts): a remote app's connection info. The app permissions and app grants are the
// Permissions section's (perms/routes.ts).
import type { FastifyInstance } from 'fastify';
import { authorize, IsOrgAdminOrAppUser } from '../core/permissions.ts';
import { findOne } from '../engine/write.ts';
import { notFound } from '../engine/guard.ts';
import type { AuthedCtx, HookArgs } from '../engine/types.ts';
import { remoteAppsResource } from './resources/remote-apps.ts';
import { connectionParameters } from './remote-app-params.ts';

/** The RemoteApp launcher every remote app is started through on its Windows host (2.3's constant). */
const BOOT_PROGRAM = '||jmservisor';

export function registerApplicationRoutes(app: FastifyInstance): void {
  // 2.3: IsAppUser — the terminal asks while it opens the RDP session (with X-JMS-ORG: ROOT, so any
  // org's app). The org's admins keep reading it too (our console shows it); the app is looked up in
  // the caller's org as every detail route does.
  app.get(`${remoteAppsResource.url}:id/connection-info/`, (request, reply) => {
    if (!authorize(request, reply, IsOrgAdminOrAppUser)) return reply;
    const args: HookArgs = { db: app.bastion.db, ctx: request.ctx as AuthedCtx, request, now: app.bastion.now() };
    const row = findOne(args, remoteAppsResource, (request.params as { id: string }).id);
    if (!row) return notFound(args, reply, remoteAppsResource);
    return {
      id: row.id,
      name: row.name,
      asset: row.asset,
      parameter_remote_app: {
        program: BOOT_PROGRAM,
        working_directory: '',
        parameters: connectionParameters(args.db, row),
      },
    };
  });
}
