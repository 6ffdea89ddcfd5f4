// The calls a running terminal makes about itself (§2.6, contract §2): its configuration, its heartbeat
// (which answers the pending tasks) and, for auditors and admins, the kill-session task.
import { answerOptions, describeRoute } from '../engine/route-options.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsAppUser, IsSessionReader } from '../core/permissions.ts';
import type { UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs } from '../engine/types.ts';
import { UUID_PATTERN, uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { terminalTasksResource } from './resources/terminal-tasks.ts';
import { SETTING_GROUPS } from '../settings/schema.ts';
import { terminalOf, type TerminalRow } from './app-user.ts';
import { terminalProxySecret } from './proxy-secret.ts';
import { storageConfig } from './storage-config.ts';
import { noteTerminalReport } from './terminal-report.ts';
import { recordHeartbeat } from './terminal-store.ts';
import { unfinishedSessionInOrg } from './session-store.ts';
import { insertKillTask, killPending, pendingTasksOf } from './task-store.ts';

/** The caller's terminal, or a 400 naming why there is none (an App account whose terminal was removed). */
function callerTerminal(request: FastifyRequest, reply: FastifyReply): TerminalRow | null {
  if (!authorize(request, reply, IsAppUser)) return null;
  const terminal = terminalOf(request.server.bastion.db, request.ctx.user as UserRow);
  if (!terminal) {
    reply.code(400).send({ error: 'This service account has no terminal' });
    return null;
  }
  if (!terminal.is_accepted) {
    reply.code(403).send({ detail: 'Terminal has not been accepted' });
    return null;
  }
  return terminal;
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bytesOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
const FAULT_KINDS = new Set(['full', 'read_only', 'io']);

/**
 * The data folder a heartbeat reports (our extension: a 2.3 terminal sends none of it, and a 2.3 server
 * ignores it): free and total bytes, the fault in force, the last fault met. Anything malformed is none.
 */
function storageOf(body: Record<string, unknown>): unknown[] {
  const fault = typeof body.storage_fault === 'string' && FAULT_KINDS.has(body.storage_fault) ? body.storage_fault : '';
  const last = body.storage_last_fault;
  let lastFault: string | null = null;
  if (
    last &&
    typeof last === 'object' &&
    !Array.isArray(last) &&
    FAULT_KINDS.has(String((last as Record<string, unknown>).kind))
  ) {
    const { kind, code, message, at } = last as Record<string, unknown>;
    const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
    lastFault = JSON.stringify({
      kind,
      code: text(code, 40),
      message: text(message, 300),
      at: Number.isNaN(Date.parse(String(at))) ? '' : text(at, 40),
    });
  }
  return [bytesOr(body.data_free_bytes), bytesOr(body.data_total_bytes), fault, lastFault];
}

export function registerTerminalSelfRoutes(app: FastifyInstance): void {
  app.get('/api/v1/terminal/terminals/config/', (request, reply) => {
    const terminal = callerTerminal(request, reply);
    if (!terminal) return reply;
    const { db, settings } = app.bastion;
    const config: Record<string, unknown> = {};
    for (const name of Object.keys(SETTING_GROUPS.terminal)) config[name] = settings.get(name);
    config.TERMINAL_COMMAND_STORAGE = storageConfig(db, 'command_storages', terminal.command_storage);
    config.TERMINAL_REPLAY_STORAGE = storageConfig(db, 'replay_storages', terminal.replay_storage);
    config.TERMINAL_HEADER_TITLE = null;
    config.SECURITY_MAX_IDLE_TIME = settings.get('SECURITY_MAX_IDLE_TIME');
    // Not a setting: the key the web door checks the server's upgrades with. Only the App account of a
    // registered, accepted terminal gets here (callerTerminal); see proxy-secret.ts.
    config.TERMINAL_PROXY_SECRET = terminalProxySecret(db);
    return config;
  });

  app.post('/api/v1/terminal/terminals/status/', (request, reply) => {
    const terminal = callerTerminal(request, reply);
    if (!terminal) return reply;
    const { db, now } = app.bastion;
    const body = (
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}
    ) as Record<string, unknown>;
    const sessions = Array.isArray(body.sessions)
      ? body.sessions.filter((id): id is string => typeof id === 'string')
      : [];
    const [storageFreeBytes, storageTotalBytes, storageFault, storageLastFault] = storageOf(body);
    recordHeartbeat(db, terminal.id, {
      at: now(),
      sessionOnline: Math.max(0, Math.trunc(numberOr(body.session_online, sessions.length))),
      cpuLoad: numberOr(body.cpu_load, 0),
      memoryUsed: numberOr(body.memory_used, 0),
      storageFreeBytes,
      storageTotalBytes,
      storageFault,
      storageLastFault,
    });
    // Our extension: where its doors listen (several terminals) and how its object-store uploads go.
    noteTerminalReport(db, terminal.id, body, request.ip);
    const args: HookArgs = { db, ctx: request.ctx as AuthedCtx, request, now: now() };
    const tasks = pendingTasksOf(db, terminal.id);
    return reply
      .code(201)
      .send(tasks.map((task) => serializeRow(terminalTasksResource, args, task as Record<string, unknown>, 'list')));
  });

  // Body: a JSON array of session ids. Unfinished sessions of the current org get a task for their terminal.
  const KILL = '/api/v1/terminal/tasks/kill-session/';
  // Its own OPTIONS: the tasks resource's detail route (`tasks/:id/`) would otherwise take it, with its class.
  describeRoute(app, KILL, { name: 'Kill Session', permission: IsSessionReader });
  app.options(KILL, (request, reply) => answerOptions(app, request, reply, KILL, ['POST']));
  app.post(KILL, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const ids = request.body;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      return reply.code(400).send({ detail: 'Expected a list of session ids.' });
    }
    return { ok: queueKills(app.bastion.db, request, ids as string[], app.bastion.now()) };
  });
}

function queueKills(db: DB, request: FastifyRequest, ids: string[], nowMs: number): string[] {
  const org = request.ctx.org;
  const orgId = org.kind === 'root' ? null : storedOrgId(org);
  const accepted: string[] = [];
  db.transaction(() => {
    for (const raw of ids.slice(0, 1000)) {
      const id = raw.trim().toLowerCase();
      if (!UUID_PATTERN.test(id)) continue;
      const session = unfinishedSessionInOrg(db, id, orgId);
      if (!session) continue;
      // One pending kill per session is enough (a second click answers the same).
      if (!killPending(db, session.id)) insertKillTask(db, uuid(), session.id, session.terminal, isoAt(nowMs));
      accepted.push(raw);
    }
  })();
  return accepted;
}
