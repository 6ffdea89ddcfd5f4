// `search=`: DRF SearchFilter semantics (icontains over the search fields, `^f` = istartswith; words
// AND-ed, fields OR-ed). Words of 3+ characters use the definition's FTS5 trigram index when it has
// one, because LIKE '%w%' cannot use an index and scans the whole table. They go into one MATCH:
// `"a" AND "b"` over all indexed columns means exactly "each word in some search field".
import { BadRequest } from '../core/lib/bad-request.ts';
import { t } from '../core/lib/i18n.ts';
import { isSealedColumn } from '../core/secrets/sealed-columns.ts';
import type { Clause, ResourceDef } from './types.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
const TRIGRAM = 3;
/** Bounds of one search: each word is an AND-ed SQL term, and SQLite caps a LIKE pattern's length. */
export const MAX_SEARCH_WORDS = 32;
export const MAX_SEARCH_LENGTH = 1000;

export function searchClauses(def: ResourceDef, search: string | undefined): Clause[] {
  const fields = def.searchFields ?? [];
  const words = (search ?? '').split(/[\s,]+/).filter(Boolean);
  if (!fields.length || !words.length) return [];
  if ((search ?? '').length > MAX_SEARCH_LENGTH)
    throw new BadRequest((lang) => ({ search: [t(lang, 'field.max_length', { max: MAX_SEARCH_LENGTH })] }));
  if (words.length > MAX_SEARCH_WORDS)
    throw new BadRequest((lang) => ({ search: [t(lang, 'field.too_many_words', { max: MAX_SEARCH_WORDS })] }));
  const indexed = def.ftsTable ? words.filter((word) => [...word].length >= TRIGRAM) : [];
  const clauses = words
    .filter((word) => !indexed.includes(word))
    .map((word) => {
      const ors = fields.map((f) => `${searched(def, f.replace(/^\^/, ''))} LIKE ? ESCAPE '\\'`);
      const params = fields.map((f) => (f.startsWith('^') ? `${escapeLike(word)}%` : `%${escapeLike(word)}%`));
      return { sql: `(${ors.join(' OR ')})`, params };
    });
  if (indexed.length) {
    const fts = def.ftsTable!;
    clauses.unshift({
      sql: `${def.table}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`,
      params: [indexed.map(ftsPhrase).join(' AND ')],
    });
  }
  return clauses;
}

/** A sealed column is searched on its clear text (`unsealed()`, secrets/vault.ts): only access keys' `^secret`, over the caller's few keys. */
const searched = (def: ResourceDef, column: string): string =>
  isSealedColumn(def.table, column) ? `unsealed(${column})` : column;
