// Registers list / retrieve / create / update / delete / OPTIONS for one resource definition.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../auth/permissions.ts';
import { t } from '../lib/i18n.ts';
import { storedOrgId } from '../orgs/current-org.ts';
import { buildOptions } from './options.ts';
import { pageOf, paginated } from './paging.ts';
import { baseWhere, listWhere, orderBy } from './query.ts';
import { serializeRow, toColumn } from './serialize.ts';
import type { Action, AuthedCtx, HookArgs, ResourceDef, Row } from './types.ts';
import { validateBody } from './validate.ts';

type Query = Record<string, string>;

export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const detail = `${def.url}:id/`;
  const guard = (action: Action) => (request: FastifyRequest, reply: FastifyReply): HookArgs | null =>
    authorize(request, reply, def.permissions[action])
      ? { db: app.bastion.db, ctx: request.ctx as AuthedCtx, request, now: app.bastion.now() }
      : null;

  app.get(def.url, (request, reply) => {
    const args = guard('list')(request, reply);
    if (!args) return reply;
    const query = request.query as Query;
    const where = listWhere(def, args, query);
    const page = pageOf(query);
    const order = orderBy(def, query.order);
    const limit = page ? ` LIMIT ${page.limit} OFFSET ${page.offset}` : '';
    const rows = args.db.prepare(`SELECT * FROM ${def.table} ${where.sql} ${order}${limit}`).all(...where.params) as Row[];
    const results = rows.map((row) => serializeRow(def, args, row, 'list'));
    if (!page) return results;
    const count = args.db.prepare(`SELECT COUNT(*) FROM ${def.table} ${where.sql}`).pluck().get(...where.params) as number;
    return paginated(request, page, count, results);
  });

  app.post(def.url, (request, reply) => {
    const args = guard('create')(request, reply);
    if (!args) return reply;
    const { data, errors } = validateBody(def, args, def.createIgnoresBody ? {} : request.body ?? {}, null, 'create');
    if (errors) return reply.code(400).send(errors);
    if (def.orgScoped) data.org_id = storedOrgId(args.ctx.org);
    def.hooks?.beforeCreate?.(args, data);
    const id = String(data.id);
    args.db.transaction(() => {
      insertRow(args, def, data);
      def.hooks?.afterWrite?.(args, id, data, 'create');
    })();
    return reply.code(201).send(serializeRow(def, args, findOne(args, def, id)!, 'retrieve'));
  });

  app.get(detail, (request, reply) => {
    const args = guard('retrieve')(request, reply);
    if (!args) return reply;
    const row = findOne(args, def, (request.params as { id: string }).id);
    if (!row) return notFound(args, reply, def);
    return serializeRow(def, args, row, 'retrieve');
  });

  const update = (partial: boolean) => (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard('update')(request, reply);
    if (!args) return reply;
    const id = (request.params as { id: string }).id;
    const existing = findOne(args, def, id);
    if (!existing) return notFound(args, reply, def);
    const { data, errors } = validateBody(def, args, request.body ?? {}, existing, partial ? 'patch' : 'put');
    if (errors) return reply.code(400).send(errors);
    args.db.transaction(() => {
      updateRow(args, def, id, data);
      def.hooks?.afterWrite?.(args, id, data, 'update');
    })();
    return serializeRow(def, args, findOne(args, def, id)!, 'retrieve');
  };
  app.put(detail, update(false));
  app.patch(detail, update(true));

  app.delete(detail, (request, reply) => {
    const args = guard('delete')(request, reply);
    if (!args) return reply;
    const row = findOne(args, def, (request.params as { id: string }).id);
    if (!row) return notFound(args, reply, def);
    const refusal = def.hooks?.beforeDelete?.(args, row);
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    args.db.prepare(`DELETE FROM ${def.table} WHERE id = ?`).run(row.id);
    const done = def.hooks?.deleteResponse?.(args, row);
    return done ? reply.code(done.status).send(done.body) : reply.code(204).send();
  });

  const options = (methods: ('POST' | 'PUT' | 'GET')[]) => (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard('list')(request, reply);
    if (!args) return reply;
    const allowed = methods.filter((m) => def.permissions[m === 'POST' ? 'create' : m === 'PUT' ? 'update' : 'list'](args.db, args.ctx, args.now));
    return buildOptions(def, args, allowed);
  };
  app.options(def.url, options(['POST', 'PUT', 'GET']));
  app.options(detail, options(['PUT', 'GET']));
}

function findOne(args: HookArgs, def: ResourceDef, id: string): Row | null {
  const where = baseWhere(def, args);
  const sql = `SELECT * FROM ${def.table} WHERE id = ?${where.sql ? ` AND ${where.sql}` : ''}`;
  return (args.db.prepare(sql).get(id, ...where.params) as Row | undefined) ?? null;
}

const columnsOf = (def: ResourceDef, data: Row) =>
  Object.keys(data).filter((k) => k === 'org_id' || k === 'id' || (def.fields[k] && def.fields[k].column !== false) || !(k in def.fields));

function insertRow(args: HookArgs, def: ResourceDef, data: Row): void {
  const columns = columnsOf(def, data);
  args.db.prepare(`INSERT INTO ${def.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(...columns.map((c) => toColumn(data[c])));
}

function updateRow(args: HookArgs, def: ResourceDef, id: string, data: Row): void {
  const columns = columnsOf(def, data).filter((c) => c !== 'id' && c !== 'org_id');
  if (!columns.length) return;
  args.db.prepare(`UPDATE ${def.table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`)
    .run(...columns.map((c) => toColumn(data[c])), id);
}

function notFound(args: HookArgs, reply: FastifyReply, def: ResourceDef) {
  return reply.code(404).send({ detail: t(args.ctx.lang, 'request.object_not_found', { model: def.model[args.ctx.lang] }) });
}
