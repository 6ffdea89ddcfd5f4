// One create / update / delete of one item, shared by the single, bulk and CSV paths. A batch runs
// every item in one transaction and writes nothing when any item fails (errors stay aligned).
import type { DB } from '../core/db/open.ts';
import { createCommitted } from './create-listeners.ts';
import { recordOperation } from '../core/operate-log-store.ts';
import { t } from '../core/lib/i18n.ts';
import { isoAt } from '../core/lib/time.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { openColumns, sealColumns } from '../core/secrets/sealed-columns.ts';
import { baseWhere } from './query.ts';
import { serializeRow, toColumn } from './serialize.ts';
import type { HookArgs, Refusal, ResourceDef, Row } from './types.ts';
import { validateBody, type FieldErrors } from './validate.ts';

export type ItemResult = { id: string; data: Row } | { errors: FieldErrors } | { refusal: Refusal };
export type BatchResult =
  { ok: true; rows: Row[] } | { ok: false; errors: FieldErrors[] } | { ok: false; refusal: Refusal };

export function findOne(
  args: HookArgs,
  def: ResourceDef,
  id: string,
  extra: { sql: string; params: unknown[] } | null = null,
): Row | null {
  const where = baseWhere(def, args);
  const clauses = [where.sql, extra?.sql]
    .filter(Boolean)
    .map((sql) => ` AND ${sql}`)
    .join('');
  const sql = `SELECT * FROM ${def.table} WHERE id = ?${clauses}`;
  const row = args.db.prepare(sql).get(id, ...where.params, ...(extra?.params ?? [])) as Row | undefined;
  // Hooks get the object with its credentials in clear (sealed-columns.ts): none ever handles ciphertext.
  return row ? openColumns(args.db, def.table, row) : null;
}

export function createItem(def: ResourceDef, args: HookArgs, body: unknown): ItemResult {
  const { data, errors } = validateBody(
    def,
    args,
    def.createIgnoresBody ? {} : body === undefined ? {} : body,
    null,
    'create',
  );
  if (errors) return { errors };
  if (def.orgScoped) data.org_id = storedOrgId(args.ctx.org);
  def.hooks?.beforeCreate?.(args, data);
  return guarded(args, def, () => {
    const id = def.hooks?.insert ? def.hooks.insert(args, data) : insertRow(args, def, data);
    def.hooks?.afterWrite?.(args, id, data, 'create');
    recordOperation(def, args, 'create', data);
    return { id, data };
  });
}

export function updateItem(
  def: ResourceDef,
  args: HookArgs,
  existing: Row,
  body: unknown,
  partial: boolean,
): ItemResult {
  const refusal = def.hooks?.refuseObject?.(args, existing, 'update');
  if (refusal) return { refusal };
  // A null body is refused like any non-object; only a missing one means "nothing sent".
  const { data, errors } = validateBody(def, args, body === undefined ? {} : body, existing, partial ? 'patch' : 'put');
  if (errors) return { errors };
  const id = String(existing.id);
  // A resource that shows `date_updated` has it kept here, as Django's auto_now does.
  if (def.fields.date_updated) data.date_updated = isoAt(args.now);
  return guarded(args, def, () => {
    updateRow(args, def, id, data);
    def.hooks?.afterWrite?.(args, id, data, 'update');
    recordOperation(def, args, 'update', { ...existing, ...data });
    return { id, data };
  });
}

/** Null when deleted, else why not. */
export function deleteItem(def: ResourceDef, args: HookArgs, row: Row): Refusal | null {
  const refusal = def.hooks?.refuseObject?.(args, row, 'delete') ?? def.hooks?.beforeDelete?.(args, row);
  if (refusal) return refusal;
  if (def.hooks?.remove) def.hooks.remove(args, row);
  else args.db.prepare(`DELETE FROM ${def.table} WHERE id = ?`).run(row.id);
  recordOperation(def, args, 'delete', row);
  return null;
}

/** Tells the definition which objects a create request made, once they are committed. */
export function createdCommitted(def: ResourceDef, args: HookArgs, result: BatchResult): void {
  if (result.ok)
    createCommitted(
      def,
      args,
      result.rows.map((row) => String(row.id)),
    );
}

/** Runs every item in one transaction; any failure rolls all of them back. */
export function runBatch(
  def: ResourceDef,
  args: HookArgs,
  count: number,
  item: (index: number) => ItemResult,
): BatchResult {
  let outcome: BatchResult = { ok: true, rows: [] };
  const rollback = new Error('rollback');
  try {
    args.db.transaction(() => {
      const results = Array.from({ length: count }, (_, i) => item(i));
      const refused = results.find((r): r is { refusal: Refusal } => 'refusal' in r);
      if (refused) outcome = { ok: false, refusal: refused.refusal };
      else if (results.some((r) => 'errors' in r))
        outcome = { ok: false, errors: results.map((r) => ('errors' in r ? r.errors : {})) };
      else outcome = { ok: true, rows: results.map((r) => respond(def, args, r as { id: string; data: Row })) };
      if (!outcome.ok) throw rollback;
    })();
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return outcome;
}

export function respond(def: ResourceDef, args: HookArgs, result: { id: string; data: Row }): Row {
  const row = openColumns(
    args.db,
    def.table,
    args.db.prepare(`SELECT * FROM ${def.table} WHERE id = ?`).get(result.id) as Row,
  );
  const out = serializeRow(def, args, row, 'retrieve');
  def.hooks?.afterResponse?.(args, result.data, out);
  return out;
}

/** Runs one item's writes in a savepoint; a UNIQUE clash becomes a field error on the non-org column. */
function guarded(args: HookArgs, def: ResourceDef, write: () => { id: string; data: Row }): ItemResult {
  try {
    return args.db.transaction(write)();
  } catch (error) {
    const clash = uniqueClash(def, args, error);
    if (clash) return { errors: clash };
    throw error;
  }
}

function uniqueClash(def: ResourceDef, args: HookArgs, error: unknown): FieldErrors | null {
  const { code, message } = error as { code?: string; message?: string };
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
  const columns = (message ?? '')
    .replace(/^.*failed:\s*/, '')
    .split(',')
    .map((c) => c.trim().split('.').pop()!)
    .filter((c) => c !== 'org_id');
  const field = columns.length === 1 && columns[0] in def.fields ? columns[0] : 'non_field_errors';
  return { [field]: [t(args.ctx.lang, 'field.unique')] };
}

const columnsOf = (def: ResourceDef, data: Row) =>
  Object.keys(data).filter(
    (k) => k === 'org_id' || k === 'id' || (def.fields[k] && def.fields[k].column !== false) || !(k in def.fields),
  );

function insertRow(args: HookArgs, def: ResourceDef, data: Row): string {
  return insertDefinedRow(args.db, def, data);
}

/**
 * A resource's row (with its `id`) written as a create writes it: the definition's columns, secrets sealed.
 * Also for writers without a request (the seed), so a seeded row is stored as an API-created one is.
 */
export function insertDefinedRow(db: DB, def: ResourceDef, data: Row): string {
  const columns = columnsOf(def, data);
  // Sealed on a copy: `data` goes on to the hooks, the operate log and the response in clear.
  const stored = sealColumns(db, def.table, data);
  // Cached: a CSV import inserts thousands of rows with the same columns.
  db.prepare(`INSERT INTO ${def.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...columns.map((c) => toColumn(stored[c])),
  );
  return String(data.id);
}

function updateRow(args: HookArgs, def: ResourceDef, id: string, data: Row): void {
  const columns = columnsOf(def, data).filter((c) => c !== 'id' && c !== 'org_id');
  if (!columns.length) return;
  const stored = sealColumns(args.db, def.table, data);
  args.db
    .prepare(`UPDATE ${def.table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`)
    .run(...columns.map((c) => toColumn(stored[c])), id);
}
