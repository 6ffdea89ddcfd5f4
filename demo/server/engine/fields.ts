// Coercion and validation of one incoming value against its field definition (DRF-like messages).
import { isIP } from 'node:net';
import type { Lang } from '../core/lib/i18n.ts';
import { t } from '../core/lib/i18n.ts';
import { parseDateTime } from '../core/lib/time.ts';
import type { FieldDef } from './types.ts';

export type Coerced = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Characters no single-line text may hold: C0 and C1 controls (NUL included) and the bidi embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a name display as something else.
 * Multi-line text and write-only secrets (private keys) may hold tabs and line breaks, nothing else.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The field error for text holding forbidden characters, or null. */
export function forbiddenCharacters(
  field: Pick<FieldDef, 'multiline' | 'write_only'>,
  text: string,
  lang: Lang,
): string | null {
  if (text.includes('\u0000')) return t(lang, 'field.null_characters');
  const forbidden = field.multiline || field.write_only ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return forbidden.test(text) ? t(lang, 'field.control_characters') : null;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const TRUE_VALUES = new Set([true, 1, '1', 'true', 'True', 'TRUE', 'on', 'yes']);
const FALSE_VALUES = new Set([false, 0, '0', 'false', 'False', 'FALSE', 'off', 'no']);

export function coerceField(field: FieldDef, raw: unknown, lang: Lang): Coerced {
  // DRF's RelatedField reads '' as null: Lina sends `domain: ""` when no domain is chosen.
  if (field.relation && raw === '') raw = null;
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
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isInteger(n)) return { ok: false, error: t(lang, 'field.invalid_integer') };
      const min = field.min_value ?? INT_MIN;
      const max = field.max_value ?? INT_MAX;
      if (n < min) return { ok: false, error: t(lang, 'field.min_value', { min }) };
      if (n > max) return { ok: false, error: t(lang, 'field.max_value', { max }) };
      return { ok: true, value: n };
    }
    case 'choice': {
      const match = field.choices?.find((c) => String(c.value) === String(raw));
      return match
        ? { ok: true, value: match.value }
        : { ok: false, error: t(lang, 'field.invalid_choice', { value: String(raw) }) };
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
    case 'dict':
      // A JSON object (2.3's DictField); the definition's validate hook checks its keys and values.
      if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, error: t(lang, 'field.invalid_dict') };
      return { ok: true, value: raw };
    default:
      return coerceString(field, raw, lang);
  }
}

function coerceString(field: FieldDef, raw: unknown, lang: Lang): Coerced {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, error: t(lang, 'field.invalid_string') };
  const value = String(raw).trim();
  const forbidden = forbiddenCharacters(field, value, lang);
  if (forbidden) return { ok: false, error: forbidden };
  if (!value) {
    return field.allow_blank ? { ok: true, value: '' } : { ok: false, error: t(lang, 'field.blank') };
  }
  if (field.max_length && value.length > field.max_length) {
    return { ok: false, error: t(lang, 'field.max_length', { max: field.max_length }) };
  }
  if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    return { ok: false, error: t(lang, 'field.invalid_email') };
  if (field.format === 'ip' && !isIP(value)) return { ok: false, error: t(lang, 'field.invalid_ip') };
  if (field.type === 'url' && !/^https?:\/\/[^\s]+$/.test(value))
    return { ok: false, error: t(lang, 'field.invalid_url') };
  return { ok: true, value };
}
