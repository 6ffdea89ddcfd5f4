// Shapes of the server's OPTIONS metadata (jumpserver-api.md §1.7). The list, form and detail
// engines read only these; everything page-specific comes from the resource definition.

export interface Choice {
  value: string | number | boolean;
  display_name: string;
}

export interface FieldMeta {
  /** DRF label: choice, boolean, datetime, field (relation), string, integer, list, email, ... */
  type: string;
  label?: string;
  required?: boolean;
  read_only?: boolean;
  write_only?: boolean;
  max_length?: number;
  min_value?: number;
  max_value?: number;
  help_text?: string;
  choices?: Choice[];
  /** What the server stores when the field is not sent; a create form starts with it. */
  default?: unknown;
  /** GET only: the list endpoint accepts an exact-match filter on this field. */
  filter?: boolean;
  /** GET only: the list endpoint accepts `order=` on this field. */
  order?: boolean;
  child?: FieldMeta;
}

export type FieldsMeta = Record<string, FieldMeta>;

export interface OptionsMeta {
  name?: string;
  actions?: { GET?: FieldsMeta; POST?: FieldsMeta; PUT?: FieldsMeta };
}

/** The label to show for a field: the server's translated label, else the field name. */
export function fieldLabel(name: string, meta: FieldMeta | undefined): string {
  return meta?.label || name;
}

/**
 * The metadata of a field by name; `<field>_display` (the server's translated text of a choice)
 * borrows its field's, so a page listing the display field still gets the translated label.
 */
export function metaOf(meta: FieldsMeta | undefined, name: string): FieldMeta | undefined {
  return meta?.[name] ?? (name.endsWith('_display') ? meta?.[name.slice(0, -'_display'.length)] : undefined);
}

/** Fields the list endpoint can filter on, in metadata order (they become tag filters). */
export function filterableFields(get: FieldsMeta | undefined): string[] {
  return Object.entries(get ?? {})
    .filter(([, meta]) => meta.filter)
    .map(([name]) => name);
}

/** The display text of a choice value, or the value itself when it is not a known choice. */
export function choiceLabel(meta: FieldMeta | undefined, value: unknown): string {
  const hit = meta?.choices?.find((choice) => String(choice.value) === String(value));
  return hit ? hit.display_name : value == null ? '' : String(value);
}
