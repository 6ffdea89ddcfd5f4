// Turns a stored row into the API shape: booleans as booleans, datetimes in the caller's zone,
// write-only fields dropped, `<choice>_display` added, org_id/org_name appended for org resources.
import { pick } from '../core/lib/i18n.ts';
import { formatDateTime } from '../core/lib/time.ts';
import type { HookArgs, ResourceDef, Row } from './types.ts';

export interface SerializeOptions {
  mode: 'list' | 'retrieve';
  display?: boolean;
  fieldsSize?: string;
  fields?: FieldSelection;
}

/** `fields=a,b` keeps only those, `fields!=a,b` drops those (each repeatable), as 2.3's QueryFieldsMixin on GET. */
export interface FieldSelection {
  include: Set<string>;
  exclude: Set<string>;
}

export function fieldSelection(query: Record<string, unknown>): FieldSelection {
  const names = (raw: unknown) =>
    new Set(
      (Array.isArray(raw) ? raw : [raw])
        .filter((v) => typeof v === 'string')
        .flatMap((v: string) => v.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    );
  return { include: names(query.fields), exclude: names(query['fields!']) };
}

/** The GET options a list or detail request asks for: `draw=1`, `fields_size`, `fields` / `fields!`. */
export function readOptions(mode: 'list' | 'retrieve', query: Record<string, unknown>): SerializeOptions {
  const single = (raw: unknown) => (Array.isArray(raw) ? raw[raw.length - 1] : raw);
  return {
    mode,
    display: single(query.draw) === '1',
    fieldsSize: single(query.fields_size) as string | undefined,
    fields: fieldSelection(query),
  };
}

export function serializeRow(
  def: ResourceDef,
  args: HookArgs,
  row: Row,
  mode: 'list' | 'retrieve' | SerializeOptions,
): Row {
  const opts = typeof mode === 'string' ? { mode } : mode;
  const out: Row = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.write_only || field.column === false) continue;
    const value = row[name];
    if (field.type === 'boolean') out[name] = value === null || value === undefined ? null : Boolean(value);
    else if (field.type === 'datetime') out[name] = formatDateTime(value as string | null, args.ctx.tz);
    else if (field.type === 'list') out[name] = typeof value === 'string' ? JSON.parse(value) : (value ?? []);
    else if (field.type === 'dict') out[name] = typeof value === 'string' ? JSON.parse(value) : (value ?? {});
    else out[name] = value ?? null;
    if (field.type === 'choice' && !(`${name}_display` in def.fields)) {
      const choice = field.choices?.find((c) => String(c.value) === String(value));
      out[`${name}_display`] = choice ? pick(args.ctx.lang, choice.label) : '';
    }
  }
  if (def.orgScoped) {
    const orgId = (row.org_id as string) ?? '';
    out.org_id = orgId;
    out.org_name = orgId ? orgName(args, orgId) : 'DEFAULT';
  }
  def.hooks?.serialize?.(args, row, out, opts.mode);
  if (opts.display) def.hooks?.display?.(args, row, out);
  const only = opts.fieldsSize === 'mini' ? def.fieldsMini : opts.fieldsSize === 'small' ? def.fieldsSmall : undefined;
  const sized = only ? Object.fromEntries(only.filter((name) => name in out).map((name) => [name, out[name]])) : out;
  const chosen = opts.fields;
  if (!chosen || (!chosen.include.size && !chosen.exclude.size)) return sized;
  return Object.fromEntries(
    Object.entries(sized).filter(
      ([name]) => !chosen.exclude.has(name) && (!chosen.include.size || chosen.include.has(name)),
    ),
  );
}

function orgName(args: HookArgs, orgId: string): string {
  const row = args.db.prepare('SELECT name FROM orgs WHERE id = ?').get(orgId) as { name: string } | undefined;
  return row?.name ?? '';
}

/** Converts an API value into what the SQLite column stores. */
export function toColumn(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) return JSON.stringify(value);
  return value;
}
