import { t } from '../../core/i18n/index.ts';
import type { FieldMeta } from '../../core/resource/metadata.ts';
import './i18n.ts';

/**
 * A label translated when read, not when the definition loads: in English the section's catalogue
 * arrives after its definitions have run. Spread it only where the page is drawn (a component's
 * columns); a definition made at load writes the getter in its own object literal (below), since a
 * spread reads the getter at once.
 */
export function lazyLabel(key: string): { label: string } {
  return {
    get label() {
      return t(key);
    },
  };
}

/** A filter the server takes without describing it in its metadata (jumpserver-api.md §2.5). */
export function textFilter(key: string): FieldMeta {
  return {
    type: 'string',
    get label() {
      return t(key);
    },
  };
}

export function choiceFilter(key: string, choices: [string, string][]): FieldMeta {
  return {
    type: 'choice',
    get label() {
      return t(key);
    },
    get choices() {
      return choices.map(([value, label]) => ({ value, display_name: t(label) }));
    },
  };
}
