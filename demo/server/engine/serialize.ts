// Turns a stored row into the API shape: booleans as booleans, datetimes in the caller's zone,
// write-only fields dropped, `<choice>_display` added, org_id/org_name appended for org resources.
import { pick } from '../lib/i18n.ts';
import { formatDateTime } from '../lib/time.ts';
import type { HookArgs, ResourceDef, Row } from './types.ts';

export interface SerializeOptions { mode: 'list' | 'retrieve'; display?: boolean; fieldsSize?: string }

export function serializeRow(def: ResourceDef, args: HookArgs, row: Row, mode: 'list' | 'retrieve' | SerializeOptions): Row {
  const opts = typeof mode === 'string' ? { mode } : mode;
  const out: Row = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.write_only || field.column === false) continue;
    const value = row[name];
    if (field.type === 'boolean') out[name] = value === null || value === undefined ? null : Boolean(value);
    else if (field.type === 'datetime') out[name] = formatDateTime(value as string | null, args.ctx.tz);
    else if (field.type === 'list') out[name] = typeof value === 'string' ? JSON.parse(value) : value ?? [];
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
  return only ? Object.fromEntries(only.filter((name) => name in out).map((name) => [name, out[name]])) : out;
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
