// Validates a create/update body against the definition: 400 bodies are `{field: [messages]}`.
import { t } from '../core/lib/i18n.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { coerceField } from './fields.ts';
import { fieldDefault } from './options.ts';
import type { HookArgs, ResourceDef, Row } from './types.ts';

export type FieldErrors = Record<string, string[]>;

export function validateBody(
  def: ResourceDef,
  args: HookArgs,
  body: unknown,
  existing: Row | null,
  mode: 'create' | 'put' | 'patch',
): { data: Row; errors: FieldErrors | null } {
  const lang = args.ctx.lang;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { data: {}, errors: { non_field_errors: [t(lang, 'request.invalid_body')] } };
  }
  const input = body as Row;
  const data: Row = {};
  const errors: FieldErrors = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.read_only) continue;
    if (!(name in input)) {
      if (mode === 'patch') continue;
      if (field.required) errors[name] = [t(lang, 'field.required')];
      else if (mode === 'create' && field.default !== undefined) data[name] = fieldDefault(field, args.now);
      continue;
    }
    const result = coerceField(field, input[name], lang);
    if (result.ok) data[name] = result.value;
    else errors[name] = [result.error];
  }
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.unique || errors[name] || data[name] === undefined) continue;
    const clash = args.db
      .prepare(`SELECT 1 FROM ${def.table} WHERE ${name} = ? AND id IS NOT ? ${def.orgScoped ? 'AND org_id = ?' : ''}`)
      .get(
        ...[
          data[name],
          existing?.id ?? null,
          ...(def.orgScoped ? [existing?.org_id ?? storedOrgId(args.ctx.org)] : []),
        ],
      );
    if (clash) errors[name] = [t(lang, 'field.unique')];
  }
  // Like DRF, report every problem at once; a field's own type error wins over a hook's message.
  const hookErrors = def.hooks?.validate?.(args, data, existing);
  const all = { ...(hookErrors ?? {}), ...errors };
  return { data, errors: Object.keys(all).length ? all : null };
}
