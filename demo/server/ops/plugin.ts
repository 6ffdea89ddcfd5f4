// The job center as one plugin: its resources and actions, batch commands, periodic tasks, the task monitor
// page and the task log's WebSocket. Needs the task runner (tasks/plugin.ts) and the WebSocket support
// app.ts registers before every feature.
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerOpsRoutes } from './register.ts';
import { registerTaskLogSocket } from './task-log-socket.ts';

export const opsPlugin = featurePlugin<{ demoRuns?: boolean }>('ops', (app, opts) => {
  registerOpsRoutes(app, opts);
  registerTaskLogSocket(app);
});
