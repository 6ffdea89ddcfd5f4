import type { Row } from '../../core/resource/adapters.ts'

/**
 * Members of an id-list field for a relation card: names from `<field>_display` when the server
 * sends them (same order as the ids), else the id itself.
 */
export function membersOf(object: Row, field: string): { id: string; name: string }[] {
  const ids = Array.isArray(object[field]) ? (object[field] as unknown[]) : []
  const names = Array.isArray(object[`${field}_display`]) ? (object[`${field}_display`] as unknown[]) : []
  return ids.map((raw, index) => {
    const id = typeof raw === 'object' && raw ? String((raw as Row).id ?? '') : String(raw)
    const named = typeof raw === 'object' && raw ? (raw as Row).name ?? (raw as Row).full_value : names[index]
    return { id, name: String(named ?? id) }
  })
}

export const idsOf = (object: Row, field: string): string[] => membersOf(object, field).map((m) => m.id)
