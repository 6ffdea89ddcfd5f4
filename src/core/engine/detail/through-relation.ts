import { http } from '../../http.ts';
import { limitOffsetAdapter, type Row } from '../../resource/adapters.ts';
import type { RelationDefinition, RelationMember, RelationRange } from '../../resource/define.ts';

// A relation card over a JumpServer through-table endpoint (`…-relations/`, jumpserver-api.md §2.3,
// §2.5): rows `{id, <owner>, <member>, <member>_display}`, filtered by either side, added with one bulk
// POST of pairs and removed with a narrowing DELETE `?<owner>=&<member>=`.

export interface ThroughSpec {
  /** i18n key of the card title. */
  title: string;
  /** The relation endpoint, e.g. '/api/v1/perms/asset-permissions-users-relations/'. */
  url: string;
  /** The detail object's key in a row ('assetpermission', 'systemuser'). */
  owner: string;
  /** The member's key in a row ('user', 'usergroup', 'asset', 'node'). */
  member: string;
  selectUrl: string;
  selectLabel?: string;
  selectText?: (row: Row) => string;
  when?: (object: Row) => boolean;
}

export function throughRelation(spec: ThroughSpec): RelationDefinition {
  const { url, owner, member } = spec;
  const page = async (params: Record<string, unknown>) => limitOffsetAdapter.read(await http.get(url, { params }));
  return {
    title: spec.title,
    selectUrl: spec.selectUrl,
    selectLabel: spec.selectLabel,
    selectText: spec.selectText,
    when: spec.when,
    // Members are the linked objects, paged: a permission may name thousands of users.
    members: async (object: Row, range: RelationRange): Promise<{ members: RelationMember[]; count: number }> => {
      const { rows, total } = await page({ [owner]: object.id, ...range });
      return {
        count: total,
        members: rows.map((row) => ({
          id: String(row[member]),
          name: String(row[`${member}_display`] ?? row[member]),
        })),
      };
    },
    // The server refuses a pair twice: ask once per picked object whether it is linked already.
    add: async (object: Row, ids: string[]) => {
      const linked = await Promise.all(
        ids.map(async (id) => (await page({ [owner]: object.id, [member]: id, limit: 1, offset: 0 })).total > 0),
      );
      const fresh = ids.filter((_, index) => !linked[index]);
      if (fresh.length)
        await http.post(
          url,
          fresh.map((id) => ({ [owner]: String(object.id), [member]: id })),
        );
    },
    remove: (object: Row, id: string) => http.delete(url, { params: { [owner]: object.id, [member]: id } }),
  };
}
