// Validation of a grouped settings body; errors are nested like DRF's nested serializers:
// 400 {"security": {"SECURITY_LOGIN_LIMIT_COUNT": ["..."]}}.
import type { Lang } from '../core/lib/i18n.ts';
import { t } from '../core/lib/i18n.ts';
import { SETTING_GROUPS, type SettingField } from './schema.ts';

type Errors = Record<string, Record<string, string[]>>;
export type SettingChanges = { group: string; name: string; value: unknown }[];

export function validateSettings(
  body: unknown,
  partial: boolean,
  lang: Lang,
): { changes: SettingChanges; errors: Errors | null } {
  const changes: SettingChanges = [];
  const errors: Errors = {};
  const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  for (const [group, fields] of Object.entries(SETTING_GROUPS)) {
    const groupInput = input[group];
    if (groupInput === undefined) continue; // PUT and PATCH may both send a subset of groups
    if (!groupInput || typeof groupInput !== 'object' || Array.isArray(groupInput)) {
      errors[group] = { non_field_errors: [t(lang, 'request.invalid_body')] };
      continue;
    }
    for (const [name, field] of Object.entries(fields)) {
      const raw = (groupInput as Record<string, unknown>)[name];
      if (raw === undefined) {
        if (!partial && field.required) (errors[group] ??= {})[name] = [t(lang, 'field.required')];
        continue;
      }
      // Write-only secrets left blank keep their stored value (the form never shows them).
      if (field.writeOnly && raw === '') continue;
      const result = coerceSetting(field, raw, lang);
      if ('error' in result) (errors[group] ??= {})[name] = [result.error];
      else changes.push({ group, name, value: result.value });
    }
  }
  return { changes, errors: Object.keys(errors).length ? errors : null };
}

function coerceSetting(field: SettingField, raw: unknown, lang: Lang): { value: unknown } | { error: string } {
  switch (field.type) {
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { error: t(lang, 'field.invalid_boolean') };
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(n)) return { error: t(lang, 'field.invalid_integer') };
      if (field.min !== undefined && n < field.min) return { error: t(lang, 'field.min_value', { min: field.min }) };
      if (field.max !== undefined && n > field.max) return { error: t(lang, 'field.max_value', { max: field.max }) };
      return { value: n };
    }
    case 'choice':
      return field.choices?.includes(String(raw))
        ? { value: String(raw) }
        : { error: t(lang, 'field.invalid_choice', { value: String(raw) }) };
    case 'dict':
      return raw && typeof raw === 'object' && !Array.isArray(raw)
        ? { value: raw }
        : { error: t(lang, 'field.invalid_dict') };
    default: {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: t(lang, 'field.invalid_string') };
      const value = String(raw).trim();
      if (!value) return field.allowBlank && !field.required ? { value: '' } : { error: t(lang, 'field.blank') };
      if (field.maxLength && value.length > field.maxLength)
        return { error: t(lang, 'field.max_length', { max: field.maxLength }) };
      if (field.type === 'url' && !/^https?:\/\/\S+$/.test(value)) return { error: t(lang, 'field.invalid_url') };
      return { value };
    }
  }
}
