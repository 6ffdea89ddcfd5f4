// Coercion and validation of one incoming value against its field definition (DRF-like messages).
import type { Lang } from '../lib/i18n.ts';
import { t } from '../lib/i18n.ts';
import { parseDateTime } from '../lib/time.ts';
import type { FieldDef } from './types.ts';

export type Coerced = { ok: true; value: unknown } | { ok: false; error: string };

const TRUE_VALUES = new Set([true, 1, '1', 'true', 'True', 'TRUE', 'on', 'yes']);
const FALSE_VALUES = new Set([false, 0, '0', 'false', 'False', 'FALSE', 'off', 'no']);

export function coerceField(field: FieldDef, raw: unknown, lang: Lang): Coerced {
  if (raw === null || raw === undefined) {
    if (field.allow_null) return { ok: true, value: null };
    return { ok: false, error: t(lang, 'field.required') };
  }
  switch (field.type) {
    case 'boolean':
      if (TRUE_VALUES.has(raw as never)) return { ok: true, value: true };
      if (FALSE_VALUES.has(raw as never)) return { ok: true, value: false };
      return { ok: false, error: t(lang, 'field.invalid_boolean') };
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      return Number.isInteger(n) ? { ok: true, value: n } : { ok: false, error: t(lang, 'field.invalid_integer') };
    }
    case 'choice': {
      const match = field.choices?.find((c) => String(c.value) === String(raw));
      return match ? { ok: true, value: match.value } : { ok: false, error: t(lang, 'field.invalid_choice', { value: String(raw) }) };
    }
    case 'datetime': {
      const iso = parseDateTime(raw);
      return iso ? { ok: true, value: iso } : { ok: false, error: t(lang, 'field.invalid_datetime') };
    }
    case 'list': {
      if (!Array.isArray(raw)) return { ok: false, error: t(lang, 'field.invalid_list') };
      const choices = field.child_choices;
      const bad = choices ? raw.findIndex((item) => !choices.some((c) => String(c.value) === String(item))) : -1;
      if (bad >= 0) return { ok: false, error: t(lang, 'field.invalid_choice', { value: String(raw[bad]) }) };
      return { ok: true, value: raw.map((item) => (typeof item === 'string' ? item.trim() : item)) };
    }
    default:
      return coerceString(field, raw, lang);
  }
}

function coerceString(field: FieldDef, raw: unknown, lang: Lang): Coerced {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, error: t(lang, 'field.invalid_string') };
  const value = String(raw).trim();
  if (!value) {
    return field.allow_blank ? { ok: true, value: '' } : { ok: false, error: t(lang, 'field.blank') };
  }
  if (field.max_length && value.length > field.max_length) {
    return { ok: false, error: t(lang, 'field.max_length', { max: field.max_length }) };
  }
  if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { ok: false, error: t(lang, 'field.invalid_email') };
  if (field.type === 'url' && !/^https?:\/\/[^\s]+$/.test(value)) return { ok: false, error: t(lang, 'field.invalid_url') };
  return { ok: true, value };
}
