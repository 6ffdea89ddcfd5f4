// `search=`: DRF SearchFilter semantics (icontains over the search fields, `^f` = istartswith; words
// AND-ed, fields OR-ed). Words of 3+ characters use the definition's FTS5 trigram index when it has
// one, because LIKE '%w%' cannot use an index and scans the whole table. They go into one MATCH:
// `"a" AND "b"` over all indexed columns means exactly "each word in some search field".
import type { Clause, ResourceDef } from './types.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
const TRIGRAM = 3;

export function searchClauses(def: ResourceDef, search: string | undefined): Clause[] {
  const fields = def.searchFields ?? [];
  const words = (search ?? '').split(/[\s,]+/).filter(Boolean);
  if (!fields.length || !words.length) return [];
  const indexed = def.ftsTable ? words.filter((word) => [...word].length >= TRIGRAM) : [];
  const clauses = words.filter((word) => !indexed.includes(word)).map((word) => {
    const ors = fields.map((f) => `${f.replace(/^\^/, '')} LIKE ? ESCAPE '\\'`);
    const params = fields.map((f) => (f.startsWith('^') ? `${escapeLike(word)}%` : `%${escapeLike(word)}%`));
    return { sql: `(${ors.join(' OR ')})`, params };
  });
  if (indexed.length) {
    const fts = def.ftsTable!;
    clauses.unshift({ sql: `${def.table}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, params: [indexed.map(ftsPhrase).join(' AND ')] });
  }
  return clauses;
}
