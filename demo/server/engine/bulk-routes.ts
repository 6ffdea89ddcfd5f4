// List-level writes (§1.9, §1.10): POST an array or a CSV file, PUT/PATCH an array (or CSV) of objects
// with ids, DELETE with a narrowing filter. Every batch is one transaction: any error writes nothing.
// CSV files go through csv-import.ts (sliced, so a big file does not hold the event loop).
import { createCommitted } from './create-listeners.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../core/lib/i18n.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { CsvUpload } from './csv.ts';
import { createPlan, parseCsvSliced, runImport, type RowPlan } from './csv-import.ts';
import type { Guard } from './guard.ts';
import { baseWhere, listWhere, queryClauses } from './query.ts';
import type { Clause, HookArgs, Refusal, ResourceDef, Row } from './types.ts';
import { validateBody, type FieldErrors } from './validate.ts';
import {
  createdCommitted,
  createItem,
  deleteItem,
  findOne,
  runBatch,
  updateItem,
  type BatchResult,
  type ItemResult,
} from './write.ts';

type Query = Record<string, string>;

/** The rows of a CSV body, or a reply already sent (import disabled, not CSV). */
async function csvRows(def: ResourceDef, body: CsvUpload, reply: FastifyReply): Promise<Row[] | null> {
  const rows = def.csvImport === false ? null : await parseCsvSliced(def, body.text);
  if (!rows) reply.code(400).send({ detail: 'CSV parse error!' });
  return rows;
}

/** The items of a JSON bulk body, or a reply already sent (not an array). */
function itemsOf(args: HookArgs, body: unknown, reply: FastifyReply): Row[] | null {
  if (Array.isArray(body)) return body as Row[];
  reply.code(400).send({ non_field_errors: [t(args.ctx.lang, 'field.invalid_list')] });
  return null;
}

function send(reply: FastifyReply, result: BatchResult, status: number) {
  if (result.ok) return reply.code(status).send(result.rows);
  return 'refusal' in result
    ? reply.code(result.refusal.status).send(result.refusal.body)
    : reply.code(400).send(result.errors);
}

export async function bulkCreate(def: ResourceDef, args: HookArgs, body: unknown, reply: FastifyReply) {
  if (body instanceof CsvUpload) {
    const rows = await csvRows(def, body, reply);
    if (!rows) return reply;
    const plan = createPlan(def, args, (item) => createItem(def, args, item));
    return runImport(def, args, rows, plan, reply, 201, (ids) => createCommitted(def, args, ids));
  }
  const items = itemsOf(args, body, reply);
  if (!items) return reply;
  const result = runBatch(def, args, items.length, (i) => createItem(def, args, items[i]));
  createdCommitted(def, args, result);
  return send(reply, result, 201);
}

/** The object a bulk update item names, inside the filtered queryset, or the item's id error. */
function existingOf(
  def: ResourceDef,
  args: HookArgs,
  item: Row,
  narrowing: Clause | null,
): { row: Row } | { errors: FieldErrors } {
  const id = item.id ?? item.pk;
  if (id === undefined || id === null || id === '') return { errors: { id: [t(args.ctx.lang, 'bulk.id_missing')] } };
  const row = findOne(args, def, String(id), narrowing);
  return row ? { row } : { errors: { id: [t(args.ctx.lang, 'field.invalid_pk', { value: String(id) })] } };
}

function updatePlan(def: ResourceDef, args: HookArgs, narrowing: Clause | null, partial: boolean): RowPlan {
  return {
    check: (item) => {
      const existing = existingOf(def, args, item, narrowing);
      if ('errors' in existing) return existing;
      const refusal: Refusal | null | undefined = def.hooks?.refuseObject?.(args, existing.row, 'update');
      if (refusal) return { refusal };
      const { errors } = validateBody(def, args, item, existing.row, partial ? 'patch' : 'put');
      return errors ? { errors } : null;
    },
    write: (item): ItemResult => {
      const existing = existingOf(def, args, item, narrowing);
      return 'errors' in existing ? existing : updateItem(def, args, existing.row, item, partial);
    },
  };
}

export function registerBulkRoutes(app: FastifyInstance, def: ResourceDef, guard: Guard): void {
  if (!def.bulk) return;
  const offers = new Set(def.actions ?? ['list', 'retrieve', 'create', 'update', 'delete']);

  const update = (partial: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard('update', request, reply);
    if (!args) return reply;
    // Only objects inside the filtered queryset may be changed, as DRF-bulk's get_queryset does.
    const filters = queryClauses(def, args, request.query as Query);
    const narrowing = filters.length
      ? { sql: filters.map((c) => c.sql).join(' AND '), params: filters.flatMap((c) => c.params) }
      : null;
    const plan = updatePlan(def, args, narrowing, partial);
    if (request.body instanceof CsvUpload) {
      const rows = await csvRows(def, request.body, reply);
      return rows ? runImport(def, args, rows, plan, reply, 200) : reply;
    }
    const items = itemsOf(args, request.body, reply);
    if (!items) return reply;
    return send(
      reply,
      runBatch(def, args, items.length, (i) => plan.write(items[i] ?? {})),
      200,
    );
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
      // Opened as findOne's rows are: the delete hooks never see ciphertext either.
      const rows = (args.db.prepare(`SELECT * FROM ${def.table} ${where.sql}`).all(...where.params) as Row[]).map(
        (row) => openColumns(args.db, def.table, row),
      );
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
  const total = args.db
    .prepare(`SELECT COUNT(*) FROM ${def.table}${base.sql ? ` WHERE ${base.sql}` : ''}`)
    .pluck()
    .get(...base.params) as number;
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
