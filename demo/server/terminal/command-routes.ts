// /api/v1/terminal/commands/ (§2.6): terminals post arrays of commands; admins, auditors and terminals read
// them by time window (terminal/command-query.ts); `export/` renders the same selection as an HTML report.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize } from '../auth/permissions.ts';
import { coerceField } from '../engine/fields.ts';
import { buildOptions } from '../engine/options.ts';
import { pageOf, paginated } from '../engine/paging.ts';
import { serializeRow } from '../engine/serialize.ts';
import type { AuthedCtx, HookArgs, Row } from '../engine/types.ts';
import { uuid } from '../lib/ids.ts';
import { storedOrgId } from '../orgs/current-org.ts';
import { commandsResource } from '../resources/commands.ts';
import { IsOrgAdminOrAppUser, IsSessionReader, isAppUser } from './app-user.ts';
import { commandWhere, SEQ_SPAN, type CommandWhere } from './command-query.ts';
import { countWindow } from './command-count.ts';
import { commandReport } from './command-report.ts';

const URL = commandsResource.url;
/** At most this many commands in one POST (a terminal flushes every few seconds). */
const MAX_BATCH = 5_000;
/** At most this many commands in one HTML report. */
export const MAX_EXPORT = 10_000;

const argsOf = (request: FastifyRequest): HookArgs => ({
  db: request.server.bastion.db, ctx: request.ctx as AuthedCtx, request, now: request.server.bastion.now(),
});

export function serializeCommand(args: HookArgs, row: Row): Row {
  const out = serializeRow(commandsResource, args, row, 'list');
  out.org_id = row.org_id ?? '';
  return out;
}

const from = (where: CommandWhere) => `commands${where.index ? ` INDEXED BY ${where.index}` : ''} ${where.sql}`;

function countCommands(args: HookArgs, where: CommandWhere): number {
  if (where.window) return countWindow(args.db, where.window);
  return args.db.prepare(`SELECT COUNT(*) FROM ${from(where)}`).pluck().get(...where.params) as number;
}

/** Newest first: seq orders by timestamp, then arrival. */
function selectCommands(args: HookArgs, where: CommandWhere, limit: number, offset: number): Row[] {
  return args.db.prepare(`SELECT * FROM ${from(where)} ORDER BY seq DESC LIMIT ${limit} OFFSET ${offset}`).all(...where.params) as Row[];
}

/**
 * An `input` search: the trigram index is read once for the seqs of every match (in the window, newest
 * first), which gives both the count and the page, instead of once for COUNT and again for the page.
 */
function pageOfMatches(args: HookArgs, where: CommandWhere, limit: number, offset: number): { count: number; rows: Row[] } {
  const seqs = args.db.prepare(`SELECT seq FROM ${from(where)} ORDER BY seq DESC`).pluck().all(...where.params) as number[];
  const wanted = seqs.slice(offset, offset + limit);
  const rows = wanted.length
    ? args.db.prepare('SELECT * FROM commands WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq DESC').all(JSON.stringify(wanted)) as Row[]
    : [];
  return { count: seqs.length, rows };
}

export function registerCommandRoutes(app: FastifyInstance): void {
  app.get(URL, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const args = argsOf(request);
    const where = commandWhere(args.db, args.ctx.org, request.query as Record<string, unknown>, args.now);
    const page = pageOf(request.query as Record<string, unknown>);
    if (!page) return selectCommands(args, where, MAX_EXPORT, 0).map((row) => serializeCommand(args, row));
    const { count, rows } = where.fts ? pageOfMatches(args, where, page.limit, page.offset)
      : { count: countCommands(args, where), rows: selectCommands(args, where, page.limit, page.offset) };
    return paginated(request, page, count, rows.map((row) => serializeCommand(args, row)));
  });

  app.post(URL, (request, reply) => {
    if (!authorize(request, reply, IsOrgAdminOrAppUser)) return reply;
    const args = argsOf(request);
    const items = Array.isArray(request.body) ? request.body : request.body && typeof request.body === 'object' ? [request.body] : null;
    if (!items || items.length > MAX_BATCH) {
      return reply.code(400).send({ msg: `Command not valid: expected a list of at most ${MAX_BATCH} commands` });
    }
    const rows: Row[] = [];
    const errors: Record<string, string[]>[] = [];
    for (const item of items) {
      const { row, problems } = validateCommand(args, item);
      rows.push(row);
      errors.push(problems);
    }
    if (errors.some((e) => Object.keys(e).length)) return reply.code(400).send({ msg: `Command not valid: ${JSON.stringify(errors)}` });
    const insert = args.db.prepare(`INSERT INTO commands (seq, id, user, asset, system_user, input, output, session, risk_level, org_id, timestamp)
      VALUES (@seq, @id, @user, @asset, @system_user, @input, @output, @session, @risk_level, @org_id, @timestamp)`);
    // seq = timestamp * 2^20 + the next free number of that second (migration 12).
    const lastOfSecond = args.db.prepare('SELECT MAX(seq) FROM commands WHERE seq BETWEEN ? AND ?').pluck();
    const mark = args.db.prepare('UPDATE terminal_sessions SET has_command = 1 WHERE id = ? AND has_command = 0');
    args.db.transaction(() => {
      for (const row of rows) {
        const base = Number(row.timestamp) * SEQ_SPAN;
        const last = lastOfSecond.get(base, base + SEQ_SPAN - 1) as number | null;
        insert.run({ ...row, seq: last === null ? base : last + 1 });
      }
      for (const session of new Set(rows.map((row) => String(row.session)))) mark.run(session);
    })();
    // 2.3 answers the JSON string "ok".
    return reply.code(201).header('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify('ok'));
  });

  app.get(`${URL}export/`, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const args = argsOf(request);
    const where = commandWhere(args.db, args.ctx.org, request.query as Record<string, unknown>, args.now);
    const total = countCommands(args, where);
    const rows = selectCommands(args, where, MAX_EXPORT, 0);
    const html = commandReport(args, rows.map((row) => serializeCommand(args, row)), total);
    return reply.header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="command-report-${Math.floor(args.now / 1000)}.html"`).send(html);
  });

  app.options(URL, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const args = argsOf(request);
    const methods = IsOrgAdminOrAppUser(args.db, args.ctx, args.now) ? ['POST', 'GET'] as const : ['GET'] as const;
    return buildOptions(commandsResource, args, [...methods]);
  });
}

/** One posted command, checked as 2.3's serializer does; a terminal names the org, anyone else writes into theirs. */
function validateCommand(args: HookArgs, item: unknown): { row: Row; problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {};
  const row: Row = { id: uuid() };
  if (!item || typeof item !== 'object' || Array.isArray(item)) return { row, problems: { non_field_errors: ['Invalid data. Expected a dictionary.'] } };
  const body = item as Row;
  for (const [name, field] of Object.entries(commandsResource.fields)) {
    if (field.read_only) continue;
    if (body[name] === undefined) {
      if (field.required) problems[name] = ['This field is required.'];
      else row[name] = field.default;
      continue;
    }
    // Terminals send float timestamps (time.time()); 2.3 keeps the integer part. A command line or its
    // output may carry control characters (escape sequences): they are made visible instead of refusing
    // the whole batch, which would lose every other command in it.
    const value = name === 'timestamp' && typeof body[name] === 'number' ? Math.floor(body[name] as number)
      : (name === 'input' || name === 'output') && typeof body[name] === 'string' ? visible(body[name] as string, name === 'output') : body[name];
    const result = coerceField(field, value, args.ctx.lang);
    if (result.ok) row[name] = result.value ?? '';
    else problems[name] = [result.error];
  }
  if (!isAppUser(args.ctx.user)) row.org_id = storedOrgId(args.ctx.org);
  else if (row.org_id === 'DEFAULT') row.org_id = '';
  else if (row.org_id && !args.db.prepare('SELECT 1 FROM orgs WHERE id = ?').get(row.org_id)) problems.org_id = [`Invalid pk "${row.org_id}" - object does not exist.`];
  return { row, problems };
}

/** Control characters (and bidi overrides) as U+FFFD; line breaks and tabs kept in output. */
function visible(text: string, multiline: boolean): string {
  // eslint-disable-next-line no-control-regex
  const controls = multiline ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
    : /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
  return text.replace(controls, '\ufffd');
}
