// List-level writes (§1.9, §1.10): POST an array or a CSV file, PUT/PATCH an array (or CSV) of objects
// with ids, DELETE with a narrowing filter. Every batch is one transaction: any error writes nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../lib/i18n.ts';
import { CsvUpload, parseCsv } from './csv.ts';
import type { Guard } from './guard.ts';
import { baseWhere, listWhere, queryClauses } from './query.ts';
import type { HookArgs, Refusal, ResourceDef, Row } from './types.ts';
import { createdCommitted, createItem, deleteItem, findOne, runBatch, updateItem, type BatchResult, type ItemResult } from './write.ts';

type Query = Record<string, string>;

/** The items of a bulk body, or a reply already sent (bad CSV, not an array). */
function itemsOf(def: ResourceDef, args: HookArgs, body: unknown, reply: FastifyReply): Row[] | null {
  if (body instanceof CsvUpload) {
    const rows = def.csvImport === false ? null : parseCsv(def, body.text);
    if (!rows) reply.code(400).send({ detail: 'CSV parse error!' });
    return rows;
  }
  if (Array.isArray(body)) return body as Row[];
  reply.code(400).send({ non_field_errors: [t(args.ctx.lang, 'field.invalid_list')] });
  return null;
}

function send(reply: FastifyReply, result: BatchResult, status: number) {
  if (result.ok) return reply.code(status).send(result.rows);
  return 'refusal' in result ? reply.code(result.refusal.status).send(result.refusal.body) : reply.code(400).send(result.errors);
}

export function bulkCreate(def: ResourceDef, args: HookArgs, body: unknown, reply: FastifyReply) {
  const items = itemsOf(def, args, body, reply);
  if (!items) return reply;
  const result = runBatch(def, args, items.length, (i) => createItem(def, args, items[i]));
  createdCommitted(def, args, result);
  return send(reply, result, 201);
}

export function registerBulkRoutes(app: FastifyInstance, def: ResourceDef, guard: Guard): void {
  if (!def.bulk) return;
  const offers = new Set(def.actions ?? ['list', 'retrieve', 'create', 'update', 'delete']);

  const update = (partial: boolean) => (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard('update', request, reply);
    if (!args) return reply;
    const items = itemsOf(def, args, request.body, reply);
    if (!items) return reply;
    // Only objects inside the filtered queryset may be changed, as DRF-bulk's get_queryset does.
    const filters = queryClauses(def, args, request.query as Query);
    const narrowing = filters.length ? { sql: filters.map((c) => c.sql).join(' AND '), params: filters.flatMap((c) => c.params) } : null;
    const result = runBatch(def, args, items.length, (i): ItemResult => {
      const item = items[i] ?? {};
      const id = item.id ?? item.pk;
      if (id === undefined || id === null || id === '') return { errors: { id: [t(args.ctx.lang, 'bulk.id_missing')] } };
      const existing = findOne(args, def, String(id), narrowing);
      if (!existing) return { errors: { id: [t(args.ctx.lang, 'field.invalid_pk', { value: String(id) })] } };
      return updateItem(def, args, existing, item, partial);
    });
    return send(reply, result, 200);
  };
  if (offers.has('update')) {
    app.put(def.url, update(false));
    app.patch(def.url, update(true));
  }

  if (offers.has('delete')) {
    app.delete(def.url, (request, reply) => {
      const args = guard('delete', request, reply);
      if (!args) return reply;
      const query = request.query as Query;
      const where = listWhere(def, args, query);
      const rows = args.db.prepare(`SELECT * FROM ${def.table} ${where.sql}`).all(...where.params) as Row[];
      if (!bulkDeleteAllowed(def, args, rows.length)) return reply.code(400).send();
      const refusal = runDeletes(def, args, rows);
      return refusal ? reply.code(refusal.status).send(refusal.body) : reply.code(204).send();
    });
  }
}

/**
 * JumpServer refuses a list DELETE that would hit everything: the filter must narrow the queryset
 * (fewer rows than unfiltered, or exactly one). An unknown spm is ignored, so it does not count.
 */
function bulkDeleteAllowed(def: ResourceDef, args: HookArgs, matched: number): boolean {
  if (def.bulkDelete === 'exactlyOne') return matched === 1;
  if (matched === 1) return true;
  const base = baseWhere(def, args);
  const total = args.db.prepare(`SELECT COUNT(*) FROM ${def.table}${base.sql ? ` WHERE ${base.sql}` : ''}`).pluck().get(...base.params) as number;
  return matched < total;
}

/** Deletes every row, or none when one of them is refused (each object is checked, as JumpServer does). */
function runDeletes(def: ResourceDef, args: HookArgs, rows: Row[]): Refusal | null {
  const outcome: { refusal: Refusal | null } = { refusal: null };
  const rollback = new Error('rollback');
  try {
    args.db.transaction(() => {
      for (const row of rows) {
        outcome.refusal = deleteItem(def, args, row);
        if (outcome.refusal) throw rollback;
      }
    })();
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return outcome.refusal;
}
