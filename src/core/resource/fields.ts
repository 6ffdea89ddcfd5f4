import { fieldLabel, type Choice, type FieldMeta, type FieldsMeta } from './metadata.ts';

/** The form control a field renders as (spec §5 "Form controls derived from metadata"). */
export type Widget =
  | 'input'
  | 'textarea'
  | 'email'
  | 'password'
  | 'number'
  | 'switch'
  | 'radio'
  | 'select'
  | 'datetime'
  | 'remote-select'
  | 'tags'
  | 'bits';

export interface RemoteOptions {
  /** List URL the remote select pages through with `search`, `offset` and `limit=10`. */
  url: string;
  /** Where the label and value live in each row; default `name` and `id`. */
  labelPath?: string;
  valuePath?: string;
  /** An option's text from its row, when one path is not enough (a user: `name(username)`). */
  label?: (row: Record<string, unknown>) => string;
}

/** A validation rule: returns the message to show, or nothing when the value is fine. */
export type FieldRule = (value: unknown, values: Record<string, unknown>) => string | undefined;

export interface FieldSpec {
  id: string;
  widget: Widget;
  label: string;
  required: boolean;
  helpText?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  multiple?: boolean;
  options?: Choice[];
  remote?: RemoteOptions;
  /** A remote select whose list follows other values (a ticket's assignees follow its org): replaces `remote`. */
  remoteFor?: (values: Record<string, unknown>) => RemoteOptions;
  /** The 'bits' widget: each choice's bit flags (resource/bits.ts). */
  bits?: Record<string, number>;
  rows?: number;
  /** A create form's starting value: the metadata's `default`, or the definition's override. */
  default?: unknown;
  hidden?: boolean;
  rules?: FieldRule[];
  /** Required only while this returns true for the current form values (e.g. username in auto login). */
  requiredWhen?: (values: Record<string, unknown>) => boolean;
  /** Shown (and sent) only while this returns true for the current form values. */
  enableWhen?: (values: Record<string, unknown>) => boolean;
  /** A note under the field for the current values (what a choice will mean), or nothing. */
  note?: (values: Record<string, unknown>) => string | undefined;
}

/**
 * A text a definition gives: a string, or a function read when the form is built. A definition loads
 * before its language's catalogue may have arrived (its module registers the catalogue as it loads),
 * so a text looked up then is the key; a function is copied by every spread and read later, whereas a
 * getter spread into an object is read at the spread.
 */
export type DeferredText = string | (() => string);

/** What a resource definition may say about one field; every key overrides the metadata. */
export type FieldOverride = Partial<Omit<FieldSpec, 'id' | 'label' | 'helpText'>> & {
  label?: DeferredText;
  helpText?: DeferredText;
};

const textOf = (text: DeferredText) => (typeof text === 'function' ? text() : text);

/** The override with its texts read now (the form is being built: the catalogues are in). */
function resolveTexts(override: FieldOverride): Partial<Omit<FieldSpec, 'id'>> {
  const { label, helpText, ...rest } = override;
  return {
    ...rest,
    ...(label === undefined ? {} : { label: textOf(label) }),
    ...(helpText === undefined ? {} : { helpText: textOf(helpText) }),
  };
}

/** Choice fields with more than this many choices become a filtering select. */
export const RADIO_MAX_CHOICES = 4;

function widgetOf(id: string, meta: FieldMeta): Widget {
  if (id === 'email' || meta.type === 'email') return 'email';
  if (id === 'password' || id.endsWith('_password')) return 'password';
  if (id === 'comment') return 'textarea';
  switch (meta.type) {
    case 'boolean':
      return 'switch';
    case 'integer':
    case 'float':
      return 'number';
    case 'datetime':
    case 'date':
      return 'datetime';
    case 'field':
      return 'remote-select';
    case 'list':
      if (meta.child?.type === 'field') return 'remote-select';
      // A list of choices (e.g. a user's org roles) picks from them rather than taking free text.
      return meta.child?.choices ? 'select' : 'tags';
    case 'multiple choice':
      return 'select';
    case 'choice':
      return (meta.choices?.length ?? 0) > RADIO_MAX_CHOICES ? 'select' : 'radio';
    default:
      return meta.max_length ? 'input' : 'textarea';
  }
}

function isMultiple(meta: FieldMeta): boolean {
  return meta.type === 'list' || meta.type === 'multiple choice';
}

/**
 * Builds the form fields from the POST (create) or PUT (update) metadata of `OPTIONS <url>`, in the
 * order the definition lists them. Read-only fields never become inputs; a field the server does
 * not describe appears only when the definition overrides it completely (it needs a widget).
 */
export function metaToFields(
  meta: FieldsMeta | undefined,
  ids: readonly string[],
  overrides: Record<string, FieldOverride> = {},
): FieldSpec[] {
  const fields: FieldSpec[] = [];
  for (const id of ids) {
    const fieldMeta = meta?.[id];
    const override = resolveTexts(overrides[id] ?? {});
    if (!fieldMeta) {
      if (override.widget) fields.push({ label: id, required: false, ...override, id, widget: override.widget });
      continue;
    }
    if (fieldMeta.read_only) continue;
    const widget = override.widget ?? widgetOf(id, fieldMeta);
    fields.push({
      id,
      widget,
      label: fieldLabel(id, fieldMeta),
      required: Boolean(fieldMeta.required),
      helpText: fieldMeta.help_text,
      maxLength: fieldMeta.max_length,
      min: fieldMeta.min_value,
      max: fieldMeta.max_value,
      multiple: isMultiple(fieldMeta),
      options: fieldMeta.choices ?? fieldMeta.child?.choices,
      rows: widget === 'textarea' ? 3 : undefined,
      default: fieldMeta.default,
      ...override,
    });
  }
  return fields;
}

/**
 * When a field validates (spec §5): required text inputs on blur, required selects on change,
 * everything else after input.
 */
export function validationTrigger(field: Pick<FieldSpec, 'widget' | 'required'>): 'blur' | 'change' | 'input' {
  // A date-time is read once typed out (committed), never half-typed.
  if (field.widget === 'datetime') return 'change';
  if (!field.required) return 'input';
  if (field.widget === 'select' || field.widget === 'remote-select' || field.widget === 'radio') return 'change';
  if (
    field.widget === 'input' ||
    field.widget === 'textarea' ||
    field.widget === 'email' ||
    field.widget === 'password'
  )
    return 'blur';
  return 'input';
}
