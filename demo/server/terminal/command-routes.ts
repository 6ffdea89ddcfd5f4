// /api/v1/terminal/commands/ (§2.6): terminals post arrays of commands into their own sessions
// (terminal/command-write.ts); admins, auditors and terminals read them by time window, a user those of
// a session of their own (session-owner.ts)
// (terminal/command-query.ts); `export/` renders the same selection as an HTML report.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize, IsAppUser, IsSessionReader } from '../core/permissions.ts';
import { buildOptions } from '../engine/options.ts';
import { pageOf, paginated } from '../engine/paging.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs, Row } from '../engine/types.ts';
import { commandsResource } from './resources/commands.ts';
import { terminalOf } from './app-user.ts';
import { IsSessionReaderOrOwner, ownSessionsOnly, ranSession } from './session-owner.ts';
import { bareWindow, commandFilter, searchesInput } from './command-query.ts';
import {
  commandsWithSeqs,
  countCommands as countRows,
  matchingSeqs,
  selectCommands,
  type CommandFilter,
} from './command-list-store.ts';
import { countWindow } from './command-count.ts';
import { commandReport } from './command-report.ts';
import { checkCommands, insertCommands } from './command-write.ts';

const URL = commandsResource.url;
/** At most this many commands in one POST (a terminal flushes every few seconds). */
const MAX_BATCH = 5_000;
/** At most this many commands in one HTML report. */
export const MAX_EXPORT = 10_000;

/** No command at all (command-list-store.ts: a null filter). */
const NONE = null;

const argsOf = (request: FastifyRequest): HookArgs => ({
  db: request.server.bastion.db,
  ctx: request.ctx as AuthedCtx,
  request,
  now: request.server.bastion.now(),
});

export function serializeCommand(args: HookArgs, row: Row): Row {
  const out = serializeRow(commandsResource, args, row, 'list');
  out.org_id = row.org_id ?? '';
  return out;
}

function countCommands(args: HookArgs, where: CommandFilter | null): number {
  const window = bareWindow(where);
  if (window) return countWindow(args.db, window);
  return countRows(args.db, where);
}

/**
 * An `input` search: the trigram index is read once for the seqs of every match (in the window, newest
 * first), which gives both the count and the page, instead of once for COUNT and again for the page.
 */
function pageOfMatches(
  args: HookArgs,
  where: CommandFilter | null,
  limit: number,
  offset: number,
): { count: number; rows: Row[] } {
  const seqs = matchingSeqs(args.db, where);
  const wanted = seqs.slice(offset, offset + limit);
  const rows = wanted.length ? commandsWithSeqs(args.db, wanted) : [];
  return { count: seqs.length, rows };
}

export function registerCommandRoutes(app: FastifyInstance): void {
  app.get(URL, (request, reply) => {
    if (!authorize(request, reply, IsSessionReaderOrOwner)) return reply;
    const args = argsOf(request);
    const query = request.query as Record<string, unknown>;
    // A user who reads no sessions reads the commands of one session of their own, named by session_id.
    const mine =
      !ownSessionsOnly(args.db, args.ctx, args.now) ||
      ranSession(args.db, args.ctx.user.id, query.session_id ?? query.session);
    const where = mine ? commandFilter(args.db, args.ctx.org, query, args.now) : NONE;
    const page = pageOf(request.query as Record<string, unknown>);
    if (!page) return selectCommands(args.db, where, MAX_EXPORT, 0).map((row) => serializeCommand(args, row));
    const { count, rows } = searchesInput(where)
      ? pageOfMatches(args, where, page.limit, page.offset)
      : { count: countCommands(args, where), rows: selectCommands(args.db, where, page.limit, page.offset) };
    return paginated(
      request,
      page,
      count,
      rows.map((row) => serializeCommand(args, row)),
    );
  });

  app.post(URL, (request, reply) => {
    // Only terminals write commands (2.3 let org admins too: a forged line in any session of their org).
    if (!authorize(request, reply, IsAppUser)) return reply;
    const args = argsOf(request);
    const terminal = terminalOf(args.db, args.ctx.user);
    if (!terminal) return reply.code(400).send({ msg: 'Command not valid: this service account has no terminal' });
    const items = Array.isArray(request.body)
      ? request.body
      : request.body && typeof request.body === 'object'
        ? [request.body]
        : null;
    if (!items || items.length > MAX_BATCH) {
      return reply.code(400).send({ msg: `Command not valid: expected a list of at most ${MAX_BATCH} commands` });
    }
    const { rows, errors } = checkCommands(args, terminal.id, items);
    if (errors.some((e) => Object.keys(e).length))
      return reply.code(400).send({ msg: `Command not valid: ${JSON.stringify(errors)}` });
    insertCommands(args, rows);
    // 2.3 answers the JSON string "ok" (also when every item was a repeat already stored).
    return reply.code(201).header('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify('ok'));
  });

  app.get(`${URL}export/`, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const args = argsOf(request);
    const where = commandFilter(args.db, args.ctx.org, request.query as Record<string, unknown>, args.now);
    const total = countCommands(args, where);
    const rows = selectCommands(args.db, where, MAX_EXPORT, 0);
    const html = commandReport(
      args,
      rows.map((row) => serializeCommand(args, row)),
      total,
    );
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="command-report-${Math.floor(args.now / 1000)}.html"`)
      .send(html);
  });

  app.options(URL, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const args = argsOf(request);
    const methods = IsAppUser(args.db, args.ctx, args.now) ? (['POST', 'GET'] as const) : (['GET'] as const);
    return buildOptions(commandsResource, args, [...methods]);
  });
}
