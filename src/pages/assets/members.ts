import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';

/**
 * Members of an id-list field for a relation card: names from `<field>_display` when the server
 * sends them (same order as the ids), else the id itself.
 */
export function membersOf(object: Row, field: string): { id: string; name: string }[] {
  const ids = Array.isArray(object[field]) ? (object[field] as unknown[]) : [];
  const names = Array.isArray(object[`${field}_display`]) ? (object[`${field}_display`] as unknown[]) : [];
  return ids.map((raw, index) => {
    const id = typeof raw === 'object' && raw ? String((raw as Row).id ?? '') : String(raw);
    const named = typeof raw === 'object' && raw ? ((raw as Row).name ?? (raw as Row).full_value) : names[index];
    return { id, name: String(named ?? id) };
  });
}

export const idsOf = (object: Row, field: string): string[] => membersOf(object, field).map((m) => m.id);

/** How a related row is named on a card: a node by its full path, a label as `name:value`. */
export const displayName = (row: Row): string =>
  String(
    row.full_value ??
      (row.value !== undefined && row.name !== undefined ? `${row.name}:${row.value}` : (row.name ?? row.id)),
  );

/**
 * Members of an id-list field named by their own rows: the asset only carries ids, so one
 * `GET <url>?ids=` names them all, in the asset's order; an id the caller cannot see stays an id.
 */
export async function namedMembers(object: Row, field: string, url: string): Promise<{ id: string; name: string }[]> {
  const members = membersOf(object, field);
  const unnamed = members.filter((m) => m.name === m.id).map((m) => m.id);
  if (unnamed.length === 0) return members;
  const rows = await http.get<Row[]>(url, { params: { ids: unnamed.join(',') } });
  const names = new Map((Array.isArray(rows) ? rows : []).map((row) => [String(row.id), displayName(row)]));
  return members.map((m) => ({ id: m.id, name: names.get(m.id) ?? m.name }));
}
