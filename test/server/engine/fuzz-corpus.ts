// Hostile inputs for the fuzz suites (fuzz-*.test.ts): values for one field, whole bodies, and list
// query strings derived from a definition. Everything here is data; the suites decide what to assert.
import { createHash } from 'node:crypto';
import type { DB } from '../../../demo/server/core/db/open.ts';
import type { FieldDef, FieldType, ResourceDef } from '../../../demo/server/engine/types.ts';

/** `{"a":{"a":...}}` nested `depth` times, as JSON text (too deep for any sane body). */
export const deepJson = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Hostile for any field: wrong JSON types, NUL, direction overrides, huge text, unparseable numbers. */
export const ANY_FIELD: unknown[] = [
  null,
  '',
  'a\u0000b',
  'evil\u202Etxt.exe',
  'x'.repeat(70_000),
  '1e309',
  -1,
  2 ** 63,
  true,
  [],
  [{}],
  { a: { b: [1] } },
];
const BY_TYPE: Partial<Record<FieldType, unknown[]>> = {
  string: [
    '   ',
    'bell\u0007\u001b[31m',
    'new\nline',
    'iso\u2066late\u2069',
    'c1\u0085x',
    123,
    'not-a-uuid',
    '999.1.1.1',
    '::1::',
    "' OR 1=1 --",
  ],
  integer: ['123', 0, 65536, 1.5, 'NaN', '0x1F'],
  choice: ['nope', 999],
  list: [[null], ['a', 'a'], ['not-a-uuid'], 'a,b'],
  boolean: ['maybe', 2],
  datetime: ['2024-13-45', '9999-99-99T99:99:99'],
  email: ['a@', 'a\u0000@b.c'],
};

/** The values one field is fuzzed with: the common corpus plus what its type invites. */
export function fieldValues(field: FieldDef): unknown[] {
  return [...ANY_FIELD, ...(BY_TYPE[field.type] ?? BY_TYPE.string ?? [])];
}

/** Whole request bodies (JSON text or values) that are not what any write expects. */
export const BODIES: { name: string; payload: string }[] = [
  { name: 'null', payload: 'null' },
  { name: 'a string', payload: '"text"' },
  { name: 'a number', payload: '42' },
  { name: 'an empty array', payload: '[]' },
  { name: 'an array of nulls', payload: JSON.stringify([null, null, 1, 'a']) },
  { name: 'deep object', payload: deepJson(5_000) },
  { name: 'deep array', payload: deepArray(5_000) },
  { name: 'prototype keys', payload: '{"__proto__": {"is_superuser": true}, "constructor": {"prototype": {}}}' },
  { name: 'broken JSON', payload: '{"a": ' },
];

/** Query strings that every list must survive, built from what the definition filters and orders by. */
export function hostileQueries(def: ResourceDef): string[] {
  const enc = encodeURIComponent;
  const names = [
    ...(def.filterFields ?? []),
    ...Object.keys(def.extraFilters ?? {}),
    'search',
    'order',
    'spm',
    'ids',
    'fields_size',
    'fields',
    'date_from',
    'date_to',
  ];
  const manyWords = Array.from({ length: 3_000 }, (_, i) => `w${i}`).join(' ');
  const queries = [
    'limit=99999999999999999999999&offset=99999999999999999999',
    'limit=1e400&offset=-5',
    'limit=-1&offset=1e10',
    'limit=abc&offset=NaN',
    'limit=1&offset=9007199254740993',
    `search=${enc('a\u0000b')}`,
    `search=${enc(manyWords)}`,
    `search=${enc('"a" OR "b" NEAR ( * ^')}`,
    `search=${'%25'.repeat(2000)}`,
    `order=${enc('-;DROP TABLE x')}`,
    `order=${Array(500).fill('-id').join(',')}`,
    `ids=${Array.from({ length: 40_000 }, (_, i) => `id${i}`).join(',')}`,
  ];
  for (const name of names) {
    queries.push(
      `${name}=${enc('\u0000')}`,
      `${name}=${enc('x'.repeat(20_000))}`,
      Array.from({ length: 400 }, (_, i) => `${name}=v${i}:x${i}`).join('&'),
    );
  }
  return queries;
}

/** A fingerprint of a table's rows: equal before and after means the request wrote nothing. */
export function tableChecksum(db: DB, table: string): string {
  const rows = db.prepare(`SELECT * FROM ${table}`).raw().all();
  return createHash('sha1').update(JSON.stringify(rows)).digest('hex');
}

/**
 * The fingerprint of `tables`, recomputed only when the connection has changed rows since the last
 * call (SQLite's total_changes()): most probes write nothing, so most checks cost one tiny query.
 */
export function checksumOf(db: DB, tables: () => string[]): () => string {
  let at = -1;
  let sum = '';
  return () => {
    const changes = db.prepare('SELECT total_changes()').pluck().get() as number;
    if (changes !== at)
      [at, sum] = [
        changes,
        tables()
          .map((name) => tableChecksum(db, name))
          .join(),
      ];
    return sum;
  };
}
