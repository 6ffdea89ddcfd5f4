// Every terminal route beyond the engine's resources (tasks, terminals, storages are in
// resources.ts): registration, the terminal's own calls, sessions, replays, commands, connection
// tokens, storage tests, session join validation, and the retention of sessions. Sessions are an engine
// resource registered here rather than in RESOURCES: the generic contract creates and deletes rows as an
// admin, and sessions are records only a terminal writes, for a user its door let in, and nobody deletes
// (test/server/terminal-sessions*.test.ts and session-records-append-only.test.ts cover them).
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { registerResource } from '../engine/routes.ts';
import { terminalSessionsResource } from './resources/terminal-sessions.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { registerCommandRoutes } from './command-routes.ts';
import { registerConnectionTokenRoutes } from './connection-token.ts';
import { registerJoinValidateRoute } from './join-validate.ts';
import { registerTerminalRegistration } from './registration.ts';
import { ReplayFiles } from './replay-files.ts';
import { registerReplayObjectRoutes } from './replay-object-routes.ts';
import { registerReplayRoutes } from './replay-routes.ts';
import { registerStorageTestRoutes } from './storage-routes.ts';
import { registerTerminalSelfRoutes } from './terminal-routes.ts';
import { registerTerminalSessionsRoute } from './terminal-sessions-route.ts';
import { registerTerminalAddresses } from './terminal-addresses.ts';
import { registerCommandDetailRoute } from './command-detail-route.ts';
import { keepSessionsForTheirTime } from './session-retention.ts';

export interface TerminalOptions {
  /** The server's data directory: replays the server keeps go to `<dataDir>/replays/` (object stores: replay-objects.ts). */
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
  registerResource(app, terminalSessionsResource);
  const replays = new ReplayFiles(join(opts.dataDir, 'replays'));
  registerReplayRoutes(app, replays, opts.policy, opts.maxReplayBytes);
  registerReplayObjectRoutes(app, replays, opts.policy);
  keepSessionsForTheirTime(app, replays, opts.policy);
  registerCommandRoutes(app);
  registerConnectionTokenRoutes(app);
  registerStorageTestRoutes(app, opts.policy);
  registerJoinValidateRoute(app);
  registerTerminalSessionsRoute(app);
  registerTerminalAddresses(app);
  registerCommandDetailRoute(app);
}
