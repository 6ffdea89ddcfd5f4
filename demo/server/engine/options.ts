// OPTIONS metadata in DRF SimpleMetadata shape plus JumpServer's GET action with filter/order flags.
import { pick } from '../core/lib/i18n.ts';
import { formatDateTime } from '../core/lib/time.ts';
import type { Choice, FieldDef, HookArgs, ResourceDef } from './types.ts';

export const RENDERS = ['application/json', 'text/html', 'text/csv'];
export const PARSES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/csv',
  '*/*',
];

export type Method = 'POST' | 'PUT' | 'GET';

export function buildOptions(def: ResourceDef, args: HookArgs, methods: Method[], display = false) {
  const actions: Record<string, Record<string, unknown>> = {};
  const all = { ...def.fields, ...(display ? def.displayFields : {}) };
  for (const method of methods) {
    const fields: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(all)) fields[name] = describeField(def, args, name, field, method);
    if (def.orgScoped) {
      fields.org_id = {
        type: 'string',
        required: false,
        read_only: true,
        write_only: false,
        label: pick(args.ctx.lang, { en: 'Organization', zh: '组织' }),
      };
      fields.org_name = {
        type: 'string',
        required: false,
        read_only: true,
        write_only: false,
        label: pick(args.ctx.lang, { en: 'Org name', zh: '组织名称' }),
      };
    }
    actions[method] = fields;
  }
  return { name: def.name, description: '', renders: RENDERS, parses: PARSES, actions };
}

/** The field's default for a create made at `now` (stored form: datetimes as UTC ISO). */
export function fieldDefault(field: FieldDef, now: number): unknown {
  return typeof field.default === 'function' ? (field.default as (now: number) => unknown)(now) : field.default;
}

/** Fields described outside a resource definition (route-options.ts): the same shape, no hooks. */
export function describeFields(
  args: HookArgs,
  fields: Record<string, FieldDef>,
  method: Method,
  extra: { filterFields?: string[] } = {},
) {
  const def = { filterFields: extra.filterFields } as ResourceDef;
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, describeField(def, args, name, field, method)]),
  );
}

function describeField(def: ResourceDef, args: HookArgs, name: string, field: FieldDef, method: Method) {
  const info: Record<string, unknown> = {
    // DRF's SimpleMetadata calls a DictField a 'nested object'.
    type: field.relation ? 'field' : field.type === 'dict' ? 'nested object' : field.type,
    required: Boolean(field.required && !field.read_only),
    read_only: Boolean(field.read_only),
    write_only: Boolean(field.write_only),
    label: pick(args.ctx.lang, field.label),
  };
  // JumpServer's metadata adds `default` (2.3's forms pre-fill from it); a datetime in the caller's zone.
  if (field.default !== undefined && !field.read_only) {
    const value = fieldDefault(field, args.now);
    info.default = field.type === 'datetime' && typeof value === 'string' ? formatDateTime(value, args.ctx.tz) : value;
  }
  if (field.max_length) info.max_length = field.max_length;
  const choices = def.hooks?.choices?.(args, name, field) ?? field.choices;
  const describe = (list: Choice[]) =>
    list.map((c) => ({ value: c.value, display_name: pick(args.ctx.lang, c.label) }));
  if (choices && !field.read_only) info.choices = describe(choices);
  if (field.child_choices)
    info.child = {
      type: 'choice',
      required: true,
      read_only: false,
      choices: describe(def.hooks?.choices?.(args, name, field) ?? field.child_choices),
    };
  if (method === 'GET') {
    if (def.filterFields?.includes(name)) info.filter = true;
    if (def.orderingFields?.includes(name)) info.order = true;
  }
  return info;
}
