// Builds the WHERE and ORDER BY of a list from the query string, limited to what the definition allows.
import { storedOrgId } from '../orgs/current-org.ts';
import { resourcesForSpm } from './spm.ts';
import type { HookArgs, ResourceDef } from './types.ts';

export interface Where { sql: string; params: unknown[] }

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Org scoping, the definition's own scope: applied to every read and write. */
export function baseWhere(def: ResourceDef, args: HookArgs): Where {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (def.orgScoped && args.ctx.org.kind !== 'root') {
    clauses.push('org_id = ?');
    params.push(storedOrgId(args.ctx.org));
  }
  if (def.scope) {
    const scope = def.scope(args);
    clauses.push(`(${scope.sql})`);
    params.push(...scope.params);
  }
  return { sql: clauses.join(' AND '), params };
}

export function listWhere(def: ResourceDef, args: HookArgs, query: Record<string, string>): Where {
  const base = baseWhere(def, args);
  const clauses = base.sql ? [base.sql] : [];
  const params = [...base.params];
  for (const name of def.filterFields ?? []) {
    if (query[name] === undefined) continue;
    clauses.push(`${name} = ?`);
    params.push(filterValue(def, name, query[name]));
  }
  const words = (query.search ?? '').split(/[\s,]+/).filter(Boolean);
  for (const word of words) {
    // Each word must match at least one search field (DRF SearchFilter: words AND-ed, fields OR-ed).
    const ors = (def.searchFields ?? []).map((f) => `${f.replace(/^\^/, '')} LIKE ? ESCAPE '\\'`);
    if (!ors.length) break;
    clauses.push(`(${ors.join(' OR ')})`);
    for (const f of def.searchFields ?? []) params.push(f.startsWith('^') ? `${escapeLike(word)}%` : `%${escapeLike(word)}%`);
  }
  const ids = idFilter(args, query);
  if (ids) {
    clauses.push(`id IN (${ids.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...ids);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function filterValue(def: ResourceDef, name: string, raw: string): unknown {
  const type = def.fields[name]?.type;
  if (type === 'boolean') return ['1', 'true', 'True'].includes(raw) ? 1 : 0;
  return raw;
}

/** `ids=a,b` and `spm=<uuid>` (unknown or expired spm is ignored, as JumpServer does). */
function idFilter(args: HookArgs, query: Record<string, string>): string[] | null {
  let ids: string[] | null = null;
  if (query.ids !== undefined) ids = query.ids.split(',').map((s) => s.trim()).filter(Boolean);
  if (query.spm) {
    const cached = resourcesForSpm(args.db, query.spm, args.now);
    if (cached) ids = ids ? ids.filter((id) => cached.includes(id)) : cached;
  }
  return ids;
}

/** `order=a,-b` restricted to the ordering fields; falls back to the default order; id breaks ties. */
export function orderBy(def: ResourceDef, orderParam: string | undefined): string {
  const allowed = new Set(def.orderingFields ?? []);
  const requested = (orderParam ?? '').split(',').map((s) => s.trim())
    .filter((term) => allowed.has(term.replace(/^-/, '')));
  const terms = requested.length ? requested : (def.defaultOrder ?? []);
  const sql = terms.map((term) => (term.startsWith('-') ? `${term.slice(1)} DESC` : `${term} ASC`));
  return `ORDER BY ${[...sql, 'id ASC'].join(', ')}`;
}
