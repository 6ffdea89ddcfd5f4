// Builds the WHERE and ORDER BY of a list from the query string, limited to what the definition allows.
import { storedOrgId } from '../core/orgs/current-org.ts';
import { parseDateTime } from '../core/lib/time.ts';
import { searchClauses } from './search.ts';
import { singleValues } from './query-params.ts';
import { resourcesForSpm } from './spm.ts';
import type { Clause, HookArgs, ResourceDef } from './types.ts';

export type Where = Clause;

/** Org scoping and the definition's own scope: applied to every read and write. */
export function baseWhere(def: ResourceDef, args: HookArgs): Where {
  const clauses: Clause[] = [];
  if (def.orgScoped && args.ctx.org.kind !== 'root')
    clauses.push({ sql: 'org_id = ?', params: [storedOrgId(args.ctx.org)] });
  if (def.scope) {
    const scope = def.scope(args);
    clauses.push({ sql: `(${scope.sql})`, params: scope.params });
  }
  return join(clauses);
}

/** Everything a list request narrows by (filters, search, dates, ids, spm), without the base scope. */
export function queryClauses(def: ResourceDef, args: HookArgs, raw: Record<string, string>): Clause[] {
  const query = singleValues(raw);
  const clauses: Clause[] = [];
  for (const name of def.filterFields ?? []) {
    if (query[name] === undefined) continue;
    clauses.push({ sql: `${name} = ?`, params: [filterValue(def, name, query[name])] });
  }
  for (const [name, filter] of Object.entries(def.extraFilters ?? {})) {
    const clause = query[name] === undefined ? null : filter(args, query[name]);
    if (clause) clauses.push(clause);
  }
  clauses.push(...searchClauses(def, query.search));
  if (def.dateRangeField) {
    const from = parseDateTime(query.date_from);
    const to = parseDateTime(query.date_to);
    if (from) clauses.push({ sql: `${def.dateRangeField} >= ?`, params: [from] });
    if (to) clauses.push({ sql: `${def.dateRangeField} <= ?`, params: [to] });
  }
  const ids = idFilter(args, query);
  // One JSON parameter, not one `?` per id: an spm may hold tens of thousands (SQLite's variable limit).
  if (ids) clauses.push({ sql: 'id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(ids)] });
  return clauses;
}

export function listWhere(def: ResourceDef, args: HookArgs, query: Record<string, string>): Where {
  const base = baseWhere(def, args);
  const where = join([...(base.sql ? [base] : []), ...queryClauses(def, args, query)]);
  return { sql: where.sql ? `WHERE ${where.sql}` : '', params: where.params };
}

function join(clauses: Clause[]): Clause {
  return { sql: clauses.map((c) => c.sql).join(' AND '), params: clauses.flatMap((c) => c.params) };
}

function filterValue(def: ResourceDef, name: string, raw: string): unknown {
  const type = def.fields[name]?.type;
  if (type === 'boolean') return ['1', 'true', 'True'].includes(raw) ? 1 : 0;
  return raw;
}

/** `ids=a,b` and `spm=<uuid>` (unknown or expired spm is ignored, as JumpServer does). */
function idFilter(args: HookArgs, query: Record<string, string>): string[] | null {
  let ids: string[] | null = null;
  if (query.ids !== undefined)
    ids = query.ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (query.spm) {
    const cached = resourcesForSpm(args.db, query.spm, args.now);
    const keep = cached && new Set(cached);
    if (keep) ids = ids ? ids.filter((id) => keep.has(id)) : cached;
  }
  return ids;
}

/**
 * `order=a,-b` restricted to the ordering fields; falls back to the default order; id breaks ties.
 * `reversed` flips every term: the engine reads pages past the middle backwards, so a deep OFFSET
 * stays short.
 */
export function orderBy(def: ResourceDef, orderParam: unknown, reversed = false): string {
  const allowed = new Set(def.orderingFields ?? []);
  const terms = (singleValues({ order: orderParam }).order ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((term) => allowed.has(term.replace(/^-/, '')));
  // Each field once (the first mention wins): a repeated field adds nothing but SQL terms.
  const requested = terms.filter(
    (term, i) => terms.findIndex((other) => other.replace(/^-/, '') === term.replace(/^-/, '')) === i,
  );
  const sql = [...(requested.length ? requested : (def.defaultOrder ?? [])), 'id'].map((term) => {
    const desc = term.startsWith('-') !== reversed;
    return `${term.replace(/^-/, '')} ${desc ? 'DESC' : 'ASC'}`;
  });
  return `ORDER BY ${sql.join(', ')}`;
}

/**
 * `columns` of the rows a list request keeps (the definition's scope, the query's filters and search), in the
 * request's order, without paging: for a caller that merges several such lists itself (perms/granted-lists.ts).
 */
export function listedRows(
  def: ResourceDef,
  args: HookArgs,
  query: Record<string, string>,
  columns: readonly string[],
): Record<string, string>[] {
  const where = listWhere(def, args, query);
  return args.db
    .prepare(`SELECT ${columns.join(', ')} FROM ${def.table} ${where.sql} ${orderBy(def, query.order)}`)
    .all(...where.params) as Record<string, string>[];
}
