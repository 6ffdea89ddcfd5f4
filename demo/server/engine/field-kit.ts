// Field and hook helpers shared by the Assets-section definitions (resources/assets*.ts, nodes.ts, ...).
import type { FieldDef, HookArgs, Row } from './types.ts';
import { L, pick, t, type Localized } from '../core/lib/i18n.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { andInOrg, storedOrgId } from '../core/orgs/current-org.ts';

export { L };

export const idField = (): FieldDef => ({ type: 'string', label: L('ID', 'ID'), read_only: true });
export const textField = (zh: string, en: string, max?: number): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  allow_blank: true,
  default: '',
  ...(max ? { max_length: max } : {}),
});
/** Free text that may span lines (comments). */
export const noteField = (zh: string, en: string, max?: number): FieldDef => ({
  ...textField(zh, en, max),
  multiline: true,
});
export const readOnly = (type: FieldDef['type'], zh: string, en: string): FieldDef => ({
  type,
  label: L(zh, en),
  read_only: true,
});
/** A read-only value the serializer computes (not a column). */
export const computed = (type: FieldDef['type'], zh: string, en: string): FieldDef => ({
  ...readOnly(type, zh, en),
  column: false,
});
/** A list of related ids kept in a through table by the definition's hooks. */
export const relationList = (zh: string, en: string, relation: string): FieldDef => ({
  type: 'list',
  label: L(zh, en),
  column: false,
  relation,
});
export const secretField = (zh: string, en: string): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  write_only: true,
  allow_blank: true,
  allow_null: true,
});

export const auditFields = (updated: boolean): Record<string, FieldDef> => ({
  created_by: readOnly('string', '创建者', 'Created by'),
  date_created: readOnly('datetime', '创建日期', 'Date created'),
  ...(updated ? { date_updated: readOnly('datetime', '更新日期', 'Date updated') } : {}),
});

/** beforeCreate: a uuid, the creator and the timestamps. */
export const stampNew =
  (updated: boolean) =>
  ({ ctx, now }: HookArgs, data: Row): void => {
    data.id = uuid();
    data.created_by = ctx.user.name;
    data.date_created = isoAt(now);
    if (updated) data.date_updated = isoAt(now);
  };

export const message = (args: HookArgs, text: Localized, params: Record<string, string | number> = {}): string =>
  pick(args.ctx.lang, text, params);

/** The org_id new rows get in the caller's org ('' for DEFAULT and ROOT). */
export const writeOrg = (args: HookArgs): string => storedOrgId(args.ctx.org);

/** Rows of an org-scoped table the caller's org can see (ROOT sees every org). */
export function visibleIds(args: HookArgs, table: string, ids: string[]): Set<string> {
  if (!ids.length) return new Set();
  const org = andInOrg(args.ctx.org);
  // One JSON parameter: a body may list more ids than SQLite takes variables (32,766).
  const found = args.db
    .prepare(`SELECT id FROM ${table} WHERE id IN (SELECT value FROM json_each(?))${org.sql}`)
    .pluck()
    .all(JSON.stringify(ids), ...org.params);
  return new Set(found as string[]);
}

/** `{field: ['Invalid pk ...']}` for ids of `value` the org cannot see; null when all are fine. */
export function unknownIds(
  args: HookArgs,
  table: string,
  field: string,
  value: unknown,
): Record<string, string[]> | null {
  if (value === undefined || value === null) return null;
  const ids = (Array.isArray(value) ? value : [value]).map(String);
  const known = visibleIds(args, table, ids);
  const bad = ids.filter((id) => !known.has(id));
  return bad.length ? { [field]: bad.map((id) => t(args.ctx.lang, 'field.invalid_pk', { value: id })) } : null;
}

/** Replaces the ids related to `ownerId` in a through table. */
export function replaceRelations(
  args: HookArgs,
  table: string,
  ownerCol: string,
  ownerId: string,
  otherCol: string,
  ids: unknown[],
): void {
  args.db.prepare(`DELETE FROM ${table} WHERE ${ownerCol} = ?`).run(ownerId);
  const insert = args.db.prepare(`INSERT OR IGNORE INTO ${table} (${ownerCol}, ${otherCol}) VALUES (?, ?)`);
  for (const id of ids) insert.run(ownerId, String(id));
}

export const mergeErrors = (...parts: (Record<string, string[]> | null)[]): Record<string, string[]> | null => {
  const all = Object.assign({}, ...parts.filter(Boolean));
  return Object.keys(all).length ? all : null;
};
