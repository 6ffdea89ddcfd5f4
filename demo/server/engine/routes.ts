// Registers list / retrieve / create / update / delete / OPTIONS for one resource definition; the
// list-level bulk and CSV writes live in bulk-routes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bulkCreate, registerBulkRoutes } from './bulk-routes.ts';
import { CSV_MAX_ROWS, csvFilename, CsvUpload, renderCsv, templateOf } from './csv.ts';
import { makeGuard, notFound } from './guard.ts';
import { listRows } from './list.ts';
import { buildOptions, type Method } from './options.ts';
import { paginated } from './paging.ts';
import { readOptions, serializeRow } from './serialize.ts';
import type { Action, HookArgs, ResourceDef } from './types.ts';
import { createdCommitted, createItem, deleteItem, findOne, runBatch, updateItem } from './write.ts';

type Query = Record<string, string>;
const ALL_ACTIONS: Action[] = ['list', 'retrieve', 'create', 'update', 'delete'];

export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const offers = new Set(def.actions ?? ALL_ACTIONS);
  const detail = `${def.url}:id/`;
  const guard = makeGuard(app, def);
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  if (offers.has('list')) {
    app.get(def.url, (request, reply) => {
      const args = guard('list', request, reply);
      if (!args) return reply;
      const query = request.query as Query;
      if (query.format === 'csv') return exportCsv(def, args, query, reply);
      const { rows, page, count } = listRows(def, args, query);
      const opts = readOptions('list', query);
      const results = rows.map((row) => serializeRow(def, args, row, opts));
      return page ? paginated(request, page, count, results) : results;
    });
  }

  if (offers.has('create')) {
    app.post(def.url, (request, reply) => {
      const args = guard('create', request, reply);
      if (!args) return reply;
      // Arrays and CSV files are the bulk path; a non-bulk resource answers them like any non-object body.
      if (def.bulk && (Array.isArray(request.body) || request.body instanceof CsvUpload))
        return bulkCreate(def, args, request.body, reply);
      const result = runBatch(def, args, 1, () => createItem(def, args, request.body));
      createdCommitted(def, args, result);
      if (result.ok) return reply.code(201).send(result.rows[0]);
      return 'refusal' in result
        ? reply.code(result.refusal.status).send(result.refusal.body)
        : reply.code(400).send(result.errors[0]);
    });
  }

  if (offers.has('retrieve')) {
    app.get(detail, (request, reply) => {
      const args = guard('retrieve', request, reply);
      if (!args) return reply;
      const row = findOne(args, def, idOf(request));
      // draw=1 on the detail view too (2.3 keeps it to list/OPTIONS): the asset page shows connectivity.
      const opts = readOptions('retrieve', request.query as Query);
      return row ? serializeRow(def, args, row, opts) : notFound(args, reply, def);
    });
  }

  if (offers.has('update')) {
    const update = (partial: boolean) => (request: FastifyRequest, reply: FastifyReply) => {
      const args = guard('update', request, reply);
      if (!args) return reply;
      const existing = findOne(args, def, idOf(request));
      if (!existing) return notFound(args, reply, def);
      const result = runBatch(def, args, 1, () => updateItem(def, args, existing, request.body, partial));
      if (result.ok) return result.rows[0];
      return 'refusal' in result
        ? reply.code(result.refusal.status).send(result.refusal.body)
        : reply.code(400).send(result.errors[0]);
    };
    app.put(detail, update(false));
    app.patch(detail, update(true));
  }

  if (offers.has('delete')) {
    app.delete(detail, (request, reply) => {
      const args = guard('delete', request, reply);
      if (!args) return reply;
      const row = findOne(args, def, idOf(request));
      if (!row) return notFound(args, reply, def);
      const refusal = args.db.transaction(() => deleteItem(def, args, row))();
      if (refusal) return reply.code(refusal.status).send(refusal.body);
      const done = def.hooks?.deleteResponse?.(args, row);
      return done ? reply.code(done.status).send(done.body) : reply.code(204).send();
    });
  }

  const options = (methods: Method[]) => (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard('list', request, reply);
    if (!args) return reply;
    const actionOf: Record<Method, Action> = { POST: 'create', PUT: 'update', GET: 'list' };
    const allowed = methods.filter(
      (m) => offers.has(actionOf[m]) && def.permissions[actionOf[m]](args.db, args.ctx, args.now),
    );
    return buildOptions(def, args, allowed, (request.query as Query).draw === '1');
  };
  // DRF describes PUT on a list only where the list takes PUT (the bulk viewsets).
  app.options(def.url, options(def.bulk ? ['POST', 'PUT', 'GET'] : ['POST', 'GET']));
  app.options(detail, options(['PUT', 'GET']));
  registerBulkRoutes(app, def, guard);
}

function exportCsv(def: ResourceDef, args: HookArgs, query: Query, reply: FastifyReply) {
  const template = templateOf(query.template);
  const { rows } = listRows(def, args, query, CSV_MAX_ROWS);
  const shown = template === 'import' ? rows.slice(0, 1) : rows;
  const body = renderCsv(
    def,
    args.ctx.lang,
    template,
    shown.map((row) => serializeRow(def, args, row, 'list')),
  );
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csvFilename(def, args.now, args.ctx.tz)}"`)
    .send(body);
}
