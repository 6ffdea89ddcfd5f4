// Wires the task runner into the server: one runner per app (`app.tasks`), its endpoints, and a
// clean stop (running SSH work is aborted and awaited before the database closes).
import type { FastifyInstance } from 'fastify';
import { assetsResource } from '../assets/resources/assets.ts';
import {
  systemUsersAssetsRelationsResource,
  systemUsersNodesRelationsResource,
} from '../assets/resources/system-users-relations.ts';
import { onCreateCommitted } from '../engine/create-listeners.ts';
import { registerAssetTaskRoutes } from './asset-task-routes.ts';
import { startAutoPush } from './auto-push.ts';
import { startNewAssetTasks } from './start-tasks.ts';
import { taskOwner } from './task-access.ts';
import { registerAssetUserTaskRoute } from './asset-user-tasks.ts';
import { registerGatewayCheckRoute } from './gateway-check.ts';
import { registerTaskLogPage } from './log-page.ts';
import { registerTaskLogRoutes } from './log-routes.ts';
import { registerSystemUserTaskRoute } from './system-user-tasks.ts';
import { TaskRunner } from './runner.ts';
import { TaskStore } from './store.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';

/** Default bound of every network step (connect, channel open, one command): 10 s. */
export const DEFAULT_SSH_TIMEOUT_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    tasks: TaskRunner;
  }
}

export function registerTaskRoutes(app: FastifyInstance, opts: { sshTimeoutMs?: number; policy: TargetPolicy }): void {
  const { db, now } = app.bastion;
  const runner = new TaskRunner(new TaskStore(db, now), opts.sshTimeoutMs ?? DEFAULT_SSH_TIMEOUT_MS, opts.policy);
  app.decorate('tasks', runner);
  // preClose runs before every onClose hook, so the database is still open while tasks wind down.
  app.addHook('preClose', async () => runner.close());
  registerTaskLogRoutes(app);
  registerTaskLogPage(app);
  registerAssetTaskRoutes(app);
  registerGatewayCheckRoute(app);
  registerSystemUserTaskRoute(app);
  registerAssetUserTaskRoute(app);
  // After the commit only (a rolled-back batch starts nothing), queued only: the response does not wait for SSH.
  // New assets are tested (see NEW_ASSET_CHECK_LIMIT for big imports); 2.3 pushes an auto-push system user to
  // the assets a new link reaches.
  onCreateCommitted(app, assetsResource, (args, ids) => {
    startNewAssetTasks(app, ids, taskOwner(args.ctx));
  });
  onCreateCommitted(app, systemUsersAssetsRelationsResource, (args, ids) => {
    startAutoPush(app, 'asset', ids, taskOwner(args.ctx));
  });
  onCreateCommitted(app, systemUsersNodesRelationsResource, (args, ids) => {
    startAutoPush(app, 'node', ids, taskOwner(args.ctx));
  });
}
