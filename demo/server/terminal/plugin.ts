// What terminals call and the Terminals and Sessions pages read, as one plugin: the service-account
// registration, the terminals, their tasks and storages (the contract suite's definitions), then sessions,
// commands, recordings and storages (routes.ts).
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { commandStoragesResource } from './resources/command-storages.ts';
import { replayStoragesResource } from './resources/replay-storages.ts';
import { terminalTasksResource } from './resources/terminal-tasks.ts';
import { terminalsResource } from './resources/terminals.ts';
import { registerTerminalRoutes, type TerminalOptions } from './routes.ts';
import { registerServiceAccountRegistration } from './service-account-registration.ts';

export const TERMINAL_RESOURCES: readonly ResourceDef[] = [
  terminalsResource,
  terminalTasksResource,
  replayStoragesResource,
  commandStoragesResource,
];

export const terminalPlugin = featurePlugin<TerminalOptions>('terminal', (app, opts) => {
  registerServiceAccountRegistration(app, opts.bootstrapToken);
  registerResources(app, TERMINAL_RESOURCES);
  registerTerminalRoutes(app, opts);
});
