// The `assets/`-style answers of the granted endpoints (`assets/`, `nodes/<id>/assets/`): a bare array,
// or a page with `limit`, over the scope's granted ids (hostname order). The engine's list definition
// (granted-shapes.ts) builds each WHERE and ORDER (search, filters, `node=`, ordering); it is run over
// CHUNK granted ids at a time, so a search over 40,000 granted assets is a few dozen short statements
// between which the event loop runs (slices.ts), not one 30–70 ms statement.
import type { FastifyReply } from 'fastify';
import { pageOf, paginated } from '../engine/paging.ts';
import { listedRows, orderBy, queryClauses } from '../engine/query.ts';
import { singleValues } from '../engine/query-params.ts';
import type { Clause, HookArgs, ResourceDef } from '../engine/types.ts';
import { idsClause } from './grants.ts';
import { assetRowTexts, grantedAssetsList, lookups } from './granted-shapes.ts';
import { jsonArray, sendPieces } from './json-pieces.ts';
import { batches, runSliced, type Work } from './slices.ts';
import { compareBinary, sortSliced } from './sliced-sort.ts';

/** Granted ids one narrowing statement looks at. */
const CHUNK = 1000;
/** Up to this many rows an answer is built at once; past it, in pieces (json-pieces.ts). */
const AT_ONCE = 500;

type ByNode = (key: string, deep: boolean) => Clause;

export async function sendGrantedAssets(
  args: HookArgs,
  reply: FastifyReply,
  granted: string[],
  byNode: ByNode,
): Promise<FastifyReply> {
  const query = singleValues(args.request.query as Record<string, unknown>);
  // `node=` is asked once per chunk: its clause (the node's assets) is built once.
  const nodeClauses = new Map<string, Clause>();
  const once: ByNode = (key, deep) => {
    const name = `${deep}:${key}`;
    if (!nodeClauses.has(name)) nodeClauses.set(name, byNode(key, deep));
    return nodeClauses.get(name)!;
  };
  const listOf = (ids: string[]) => grantedAssetsList(args, idsClause(ids), once);
  const def = listOf([]);
  const page = pageOf(query);
  const ordering = orderTerms(def, query.order);
  const filtered = queryClauses(def, args, query).length > 0;
  // `granted` comes in (hostname, id) order: without any narrowing or other order, a page is a slice of it.
  const ids =
    filtered || ordering[0] !== 'hostname' ? await runSliced(narrow(args, listOf, granted, query, ordering)) : granted;
  const shown = page ? ids.slice(page.offset, page.offset + page.limit) : ids;
  const envelope = page ? JSON.stringify(paginated(args.request, page, ids.length, [])) : '[]';
  // The envelope ends with `[]` or `[]}`: the rows go between the brackets.
  const open = envelope.lastIndexOf('[]') + 1;
  const rows = jsonArray(assetRowTexts(args.db, shown, lookups(args.db)));
  function* answer(): Generator<string | void, void, void> {
    yield envelope.slice(0, open - 1);
    yield* rows;
    yield envelope.slice(open + 1);
  }
  if (shown.length <= AT_ONCE) return reply.type('application/json; charset=utf-8').send([...answer()].join(''));
  return sendPieces(reply, answer());
}

/** The `ORDER BY` terms the engine would apply (`-` = descending), the tie-breaking id last. */
function orderTerms(def: ResourceDef, order: string | undefined): string[] {
  return orderBy(def, order)
    .replace(/^ORDER BY /, '')
    .split(', ')
    .map((term) => (term.endsWith(' DESC') ? `-${term.slice(0, -5)}` : term.slice(0, -4)));
}

/**
 * The granted ids the query keeps, in its order: each chunk filtered and ordered by the engine's SQL.
 * In hostname order the chunks' results follow each other; in another, they are merged by the same
 * columns (TEXT NOT NULL, so SQLite's BINARY order) and the id.
 */
function* narrow(
  args: HookArgs,
  listOf: (ids: string[]) => ResourceDef,
  granted: string[],
  query: Record<string, string>,
  ordering: string[],
): Work<string[]> {
  const byHostname = ordering[0] === 'hostname' && ordering[1] === 'id';
  const columns = ordering.map((term) => term.replace(/^-/, ''));
  const found: Record<string, string>[] = [];
  for (const chunk of batches(granted, CHUNK)) {
    for (const row of listedRows(listOf(chunk), args, query, [...new Set(['id', ...columns])])) found.push(row);
    yield;
  }
  const sorted = byHostname
    ? found
    : yield* sortSliced(found, (a, b) => {
        for (const term of ordering) {
          const column = term.replace(/^-/, '');
          const order = compareBinary(String(a[column]), String(b[column]));
          if (order !== 0) return term.startsWith('-') ? -order : order;
        }
        return 0;
      });
  return sorted.map((row) => row.id);
}
