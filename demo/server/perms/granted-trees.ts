// The tree answers of the granted endpoints (`nodes/`, `nodes/tree/`, the lazy `nodes/children…`
// and the whole `nodes-with-assets/tree/`, `assets/tree/`) as pieces of JSON (json-pieces.ts), so a
// tree of tens of thousands of assets is built and sent a slice at a time, in 2.3's shapes.
import type { HookArgs } from '../engine/types.ts';
import { assetItemTexts, lookups, nodeItemBatches, nodeRow, treeOrder } from './granted-shapes.ts';
import { jsonArray, type Pieces } from './json-pieces.ts';

export type NodeShape = 'rows' | 'items';

/**
 * The counted nodes (special keys first, then key order) as node rows (`nodes/`) or tree items, then
 * the assets at their places (`[asset id, parent key]`) as tree items.
 */
export function* treePieces(
  args: HookArgs,
  counts: Map<string, number>,
  shape: NodeShape,
  places: Iterable<[string, string]> = [],
): Pieces {
  const look = lookups(args.db);
  const keys = yield* treeOrder(counts);
  function* texts(): Generator<string | void, void, void> {
    for (const batch of nodeItemBatches(args, counts, keys, look)) {
      for (const [item, orgId] of batch) yield JSON.stringify(shape === 'rows' ? nodeRow(item, orgId) : item);
      yield;
    }
    yield* assetItemTexts(args.db, places, look);
  }
  yield* jsonArray(texts());
}

/** `[asset id, parent key]` for each id, in order (a flat asset tree). */
export function* placesUnder(ids: Iterable<string>, parentKey: string): Generator<[string, string], void, void> {
  for (const id of ids) yield [id, parentKey];
}
