import { t } from '../../core/i18n/index.ts';
import type { FieldOverride, FieldRule } from '../../core/resource/fields.ts';
import './i18n.ts';

/**
 * A help text translated when the form is built, not when this module loads: in English the
 * section's catalogue arrives after its definitions have run. A function survives the definitions'
 * spreads (`{ widget, ...help(key) }`); a getter would be read by the spread, too early.
 */
export function help(key: string): Pick<FieldOverride, 'helpText'> {
  return { helpText: () => t(key) };
}

/** A related picker: the engine's remote select pages 10 rows at a time (spec §9 SELECT_PAGE_SIZE). */
export function picker(url: string, labelPath = 'name', valuePath = 'id'): FieldOverride {
  return { widget: 'remote-select', remote: { url, labelPath, valuePath } };
}

/** Spec §5: priority is 1–100 where 1 is the lowest. */
export const priorityRule: FieldRule = (value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? undefined : t('assets.help.priority');
};

export const PRIORITY: FieldOverride = {
  widget: 'number',
  min: 1,
  max: 100,
  rules: [priorityRule],
  ...help('assets.help.priority'),
};

// The section's API addresses live with its route stubs (section.ts), which load with the console.
export { API } from './section.ts';
