// Every terminal route beyond the engine's resources (sessions, tasks, terminals, storages are in
// resources/index.ts): registration, the terminal's own calls, replays, commands, connection tokens,
// storage tests, session join validation.
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { TargetPolicy } from '../net/allowed-targets.ts';
import { registerCommandRoutes } from './command-routes.ts';
import { registerConnectionTokenRoutes } from './connection-token.ts';
import { registerJoinValidateRoute } from './join-validate.ts';
import { registerTerminalRegistration } from './registration.ts';
import { ReplayFiles } from './replay-files.ts';
import { registerReplayRoutes } from './replay-routes.ts';
import { registerStorageTestRoutes } from './storage-routes.ts';
import { registerTerminalSelfRoutes } from './terminal-routes.ts';
import { registerTerminalSessionsRoute } from './terminal-sessions-route.ts';

export interface TerminalOptions {
  /** The server's data directory: replays go to `<dataDir>/replays/`. */
  dataDir: string;
  /** BOOTSTRAP_TOKEN: what a terminal must present to register (empty = registration closed). */
  bootstrapToken: string;
  policy: TargetPolicy;
  /** Largest replay upload in bytes (default MAX_REPLAY_BYTES); tests make it small. */
  maxReplayBytes?: number;
}

export function registerTerminalRoutes(app: FastifyInstance, opts: TerminalOptions): void {
  registerTerminalRegistration(app, opts.bootstrapToken);
  registerTerminalSelfRoutes(app);
  registerReplayRoutes(app, new ReplayFiles(join(opts.dataDir, 'replays')), opts.maxReplayBytes);
  registerCommandRoutes(app);
  registerConnectionTokenRoutes(app);
  registerStorageTestRoutes(app, opts.policy);
  registerJoinValidateRoute(app);
  registerTerminalSessionsRoute(app);
}
