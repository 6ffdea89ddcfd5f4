// The Audits section (§2.9): five list-only engine resources plus the hosts of a command execution.
// Registered here rather than in RESOURCES: the generic contract creates, updates and deletes rows,
// and audit lists take none of that (writes answer 405). test/server/audits-*.test.ts cover them.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/routes.ts';
import type { ResourceDef } from '../engine/types.ts';
import { commandExecutionHostsResource, commandExecutionLogsResource } from './resources/command-execution-logs.ts';
import { ftpLogsResource } from './resources/ftp-logs.ts';
import { loginLogsResource } from './resources/login-logs.ts';
import { operateLogsResource } from './resources/operate-logs.ts';
import { passwordChangeLogsResource } from './resources/password-change-logs.ts';

export const AUDIT_RESOURCES: readonly ResourceDef[] = [
  loginLogsResource,
  operateLogsResource,
  passwordChangeLogsResource,
  ftpLogsResource,
  commandExecutionLogsResource,
  commandExecutionHostsResource,
];

export function registerAuditRoutes(app: FastifyInstance): void {
  for (const def of AUDIT_RESOURCES) registerResource(app, def);
}
