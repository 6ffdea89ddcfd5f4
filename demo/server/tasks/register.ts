// Wires the task runner into the server: one runner per app (`app.tasks`), its endpoints, and a
// clean stop (running SSH work is aborted and awaited before the database closes).
import type { FastifyInstance } from 'fastify';
import { registerAssetTaskRoutes } from './asset-task-routes.ts';
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
}
