import { fieldLabel, metaOf, type FieldMeta, type FieldsMeta } from './metadata.ts';

/** How a list cell renders; chosen from the field's metadata type, overridable per column. */
export type CellKind = 'link' | 'choice' | 'boolean' | 'datetime' | 'text' | 'actions';

export interface ColumnSpec {
  prop: string;
  label: string;
  kind: CellKind;
  width?: number;
  sortable: boolean;
}

export interface ColumnOverride {
  label?: string;
  kind?: CellKind;
  width?: number;
  sortable?: boolean;
  /**
   * A field only this project's server has: the column appears only when the server's metadata describes
   * it, so against a 2.3 core (which has no such field) there is no column of blanks.
   */
  describedOnly?: boolean;
}

/** Spec §9 default column widths. */
export const COLUMN_WIDTH = { actions: 150, validity: 80, datetime: 160 } as const;

const VALIDITY_FIELDS = new Set(['is_valid', 'is_active']);

function kindOf(prop: string, type: string | undefined, linkField: string): CellKind {
  if (prop === 'actions') return 'actions';
  if (prop === linkField) return 'link';
  if (type === 'choice') return 'choice';
  if (type === 'boolean') return 'boolean';
  if (type === 'datetime') return 'datetime';
  return 'text';
}

function defaultWidth(prop: string, kind: CellKind): number | undefined {
  if (kind === 'actions') return COLUMN_WIDTH.actions;
  if (kind === 'boolean' && VALIDITY_FIELDS.has(prop)) return COLUMN_WIDTH.validity;
  if (kind === 'datetime') return COLUMN_WIDTH.datetime;
  return undefined;
}

/**
 * Turns the GET metadata of `OPTIONS <url>?draw=1&display=1` into table columns: the label comes
 * from the server, `name` (or the definition's link field) links to the detail page, choices show
 * their display text, booleans an icon, datetimes a formatted date. Columns absent from the
 * metadata (other than `actions`) are dropped: the server did not grant them to this caller.
 */
export function metaToColumns(
  get: FieldsMeta | undefined,
  props: readonly string[],
  options: { linkField?: string; overrides?: Record<string, ColumnOverride>; actionsLabel?: string } = {},
): ColumnSpec[] {
  const fields = get ?? {};
  const linkField = options.linkField ?? 'name';
  const columns: ColumnSpec[] = [];
  for (const prop of props) {
    // A `<field>_display` column is the field's translated text: its label, plain text, not sortable by that name.
    const own = fields[prop];
    const meta = metaOf(fields, prop);
    const override = options.overrides?.[prop] ?? {};
    // An endpoint without OPTIONS (a computed list) keeps the columns its definition labels itself.
    if (!meta && prop !== 'actions' && (override.label === undefined || override.describedOnly)) continue;
    const kind = override.kind ?? kindOf(prop, own ? own.type : 'string', linkField);
    columns.push({
      prop,
      label: override.label ?? (prop === 'actions' ? (options.actionsLabel ?? prop) : fieldLabel(prop, meta)),
      kind,
      width: override.width ?? defaultWidth(prop, kind),
      sortable: override.sortable ?? Boolean(own?.order),
    });
  }
  return columns;
}

const ID_LIKE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|\d+)$/i;

/** A relation field: DRF reports related fields (many or not) as `field`, lists of them with a `field` child. */
export const isRelationMeta = (meta: FieldMeta | undefined): boolean =>
  meta?.type === 'field' || meta?.child?.type === 'field';

/**
 * What a list-valued cell shows (2.3 shows how many rules or system users a filter has): the items'
 * names when they carry them, their count when they are ids of a relation, else the items joined.
 * Ids alone mean nothing to a reader, so they are never shown.
 */
export function listCellText(items: unknown[], meta: FieldMeta | undefined, nameOf: (item: unknown) => string): string {
  if (items.length > 0 && items.every((item) => item !== null && typeof item === 'object'))
    return items.map(nameOf).join(', ');
  if (
    isRelationMeta(meta) ||
    items.every((item) => (typeof item === 'string' || typeof item === 'number') && ID_LIKE.test(String(item)))
  ) {
    return String(items.length);
  }
  return items.map(nameOf).join(', ');
}
