// OPTIONS /api/v1/settings/setting/: DRF's metadata for the nested SettingsSerializer of 2.3 —
// `actions.PUT.<group>` is a "nested object" whose `children` describe each setting (type, label,
// help text, required, write-only, max length, value range, choices), in the request's language.
// The console builds each tab of its settings page from this answer.
import type { FastifyInstance } from 'fastify';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import { pick, type Lang } from '../core/lib/i18n.ts';
import { CHOICE_LABELS, GROUP_LABELS, SETTING_TEXTS } from './labels.ts';
import { SETTING_GROUPS, type SettingField } from './schema.ts';

const DRF_TYPES: Record<SettingField['type'], string> = {
  string: 'string',
  url: 'url',
  integer: 'integer',
  boolean: 'boolean',
  choice: 'choice',
  dict: 'nested object',
};

function fieldMeta(name: string, field: SettingField, lang: Lang): Record<string, unknown> {
  const text = SETTING_TEXTS[name];
  const meta: Record<string, unknown> = {
    type: DRF_TYPES[field.type],
    required: !!field.required,
    read_only: false,
    label: text ? pick(lang, text.label) : name,
  };
  if (field.writeOnly) meta.write_only = true;
  if (text?.help) meta.help_text = pick(lang, text.help);
  if (field.maxLength !== undefined) meta.max_length = field.maxLength;
  if (field.min !== undefined) meta.min_value = field.min;
  if (field.max !== undefined) meta.max_value = field.max;
  if (field.choices) {
    meta.choices = field.choices.map((value) => {
      const label = CHOICE_LABELS[name]?.[value];
      return { value, display_name: label ? pick(lang, label) : value };
    });
  }
  return meta;
}

export function settingsOptions(lang: Lang) {
  const groups = Object.fromEntries(
    Object.entries(SETTING_GROUPS).map(([group, fields]) => [
      group,
      {
        type: 'nested object',
        required: false,
        read_only: false,
        label: pick(lang, GROUP_LABELS[group] ?? { en: group, zh: group }),
        children: Object.fromEntries(
          Object.entries(fields).map(([name, field]) => [name, fieldMeta(name, field, lang)]),
        ),
      },
    ]),
  );
  return {
    name: 'Setting Api',
    description: '',
    renders: ['application/json', 'text/html', 'text/csv'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    actions: { PUT: groups },
  };
}

export function registerSettingsOptions(app: FastifyInstance): void {
  app.options('/api/v1/settings/setting/', (request, reply) =>
    authorize(request, reply, IsSuperUser) ? settingsOptions(request.ctx.lang) : reply,
  );
}
