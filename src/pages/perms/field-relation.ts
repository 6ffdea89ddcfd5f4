import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { RelationDefinition, RelationMember } from '../../core/resource/define.ts';

// A relation card over an id-list field of the object itself, changed with a PATCH of the whole list:
// for the relations 2.3 gives no through-table endpoint (a remote-app permission's groups and system users).

const idsOf = (object: Row, field: string): string[] => (Array.isArray(object[field]) ? object[field].map(String) : []);

export function fieldRelation(spec: {
  title: string;
  objectUrl: string;
  field: string;
  selectUrl: string;
  selectLabel?: string;
  selectText?: (row: Row) => string;
}): RelationDefinition {
  const { field, selectUrl, selectLabel = 'name', selectText } = spec;
  const textOf = (row: Row) => (selectText ? selectText(row) : String(row[selectLabel] ?? row.id));
  const save = (object: Row, ids: string[]) => http.patch(`${spec.objectUrl}${String(object.id)}/`, { [field]: ids });
  return {
    title: spec.title,
    selectUrl,
    selectLabel,
    selectText,
    members: async (object: Row): Promise<RelationMember[]> => {
      const ids = idsOf(object, field);
      if (ids.length === 0) return [];
      const body = await http.get<Row[] | { results: Row[] }>(selectUrl, {
        params: { ids: ids.join(','), limit: ids.length, offset: 0 },
      });
      const names = new Map((Array.isArray(body) ? body : body.results).map((row) => [String(row.id), textOf(row)]));
      return ids.map((id) => ({ id, name: names.get(id) ?? id }));
    },
    add: (object, ids) => save(object, [...new Set([...idsOf(object, field), ...ids])]),
    remove: (object, id) =>
      save(
        object,
        idsOf(object, field).filter((held) => held !== id),
      ),
  };
}
