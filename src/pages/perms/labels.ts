import { t } from '../../core/i18n/index.ts'
import type { FieldMeta } from '../../core/resource/metadata.ts'
import './i18n.ts'

/**
 * A label translated when read, not when the definition loads (the language is known only once the
 * console starts; a getter survives the engines' object spreads).
 */
export function lazyLabel(key: string): { label: string } {
  return { get label() { return t(key) } }
}

/** A filter the server takes without describing it in its metadata (jumpserver-api.md §2.5). */
export function textFilter(key: string): FieldMeta {
  return { type: 'string', ...lazyLabel(key) }
}

export function choiceFilter(key: string, choices: [string, string][]): FieldMeta {
  return {
    type: 'choice', ...lazyLabel(key),
    get choices() { return choices.map(([value, label]) => ({ value, display_name: t(label) })) },
  }
}
