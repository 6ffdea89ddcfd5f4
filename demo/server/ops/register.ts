// The Ops section (§2.7): the job center's lists, its actions, batch commands and the task-log
// WebSocket, and the recorder that turns every runner task into a task, a version and a run.
// Registered after the task runner (tasks/register.ts); the socket after the WebSocket plugin.
import type { FastifyInstance } from 'fastify';
import { registerPeriodTaskRoutes } from './period-tasks.ts';
import { registerTaskMonitorPage } from './task-monitor-page.ts';
import { registerResource } from '../engine/routes.ts';
import { registerCommandExecutionRoutes } from './command-executions.ts';
import { jobCenterRecorder, settleInterrupted } from './recorder.ts';
import { OPS_RESOURCES } from './resources.ts';
import { startDemoRuns } from './demo-runs.ts';
import { registerTaskActionRoutes } from './task-actions.ts';

export { OPS_RESOURCES };

/** `demoRuns`: a new demo database gets its job-center data from real runs once the server is ready. */
export function registerOpsRoutes(app: FastifyInstance, opts: { demoRuns?: boolean } = {}): void {
  const { db, now } = app.bastion;
  settleInterrupted(db);
  app.tasks.observe(jobCenterRecorder(db, now));
  for (const def of OPS_RESOURCES) registerResource(app, def);
  registerTaskActionRoutes(app);
  registerCommandExecutionRoutes(app);
  registerPeriodTaskRoutes(app);
  registerTaskMonitorPage(app);
  if (opts.demoRuns) app.addHook('onReady', async () => startDemoRuns(app));
}
