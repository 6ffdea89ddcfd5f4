import '../i18n.ts';
import { t } from '../../i18n/index.ts';
import { DATETIME_FORMAT, parseDateTime } from '../../resource/datetime.ts';
import type { FieldSpec } from '../../resource/fields.ts';

export type Values = Record<string, unknown>;

export function isEmpty(value: unknown): boolean {
  return (
    value == null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)
  );
}

/** A field takes part in the form (shown, validated, sent) unless hidden by its enableWhen. */
export function isEnabled(field: FieldSpec, values: Values): boolean {
  return field.enableWhen ? field.enableWhen(values) : true;
}

/** The first message for this value: required (spec §5), then the definition's rules. */
export function validateField(field: FieldSpec, value: unknown, values: Values): string | undefined {
  if ((field.required || field.requiredWhen?.(values)) && isEmpty(value)) return t('message.required');
  if (isEmpty(value)) return undefined;
  if (field.widget === 'datetime' && !parseDateTime(value))
    return t('engine.form.datetimeFormat', { format: DATETIME_FORMAT });
  for (const rule of field.rules ?? []) {
    const message = rule(value, values);
    if (message) return message;
  }
  return undefined;
}

/** Messages for every enabled, visible field; an empty object means the form may be sent. */
export function validateAll(fields: FieldSpec[], values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.hidden || !isEnabled(field, values)) continue;
    const message = validateField(field, values[field.id], values);
    if (message) errors[field.id] = message;
  }
  return errors;
}

/** Strings are trimmed on change (spec §5), passwords excepted: their spaces are meant. */
export function trimmed(field: FieldSpec, value: unknown): unknown {
  return typeof value === 'string' && field.widget !== 'password' ? value.trim() : value;
}
