// The scope's tree as its endpoints show it, indexed once per set of placements (which grants.ts
// reuses while nothing changes): granted-asset counts of every node (distinct assets in its subtree),
// each node's counted children, and the assets placed on each node. Built in slices (slices.ts).
import type { DB } from '../core/db/open.ts';
import { FAVORITE_KEY, favoriteIds, UNGROUPED_KEY, type GrantScope, type Placement } from './grants.ts';
import { runSliced, type Work } from './slices.ts';

export interface TreeIndex {
  /** Counted node keys → granted assets in their subtree; special keys are not in it. */
  counts: Map<string, number>;
  /** Parent key ('' for org roots) → counted child keys. */
  children: Map<string, string[]>;
  /** Key (special keys too) → assets placed right on it. */
  placedOn: Map<string, string[]>;
  /** Every placed asset. */
  placed: Set<string>;
}

const indexes = new WeakMap<Placement[], Promise<TreeIndex>>();

export function treeIndexOf(placements: Placement[]): Promise<TreeIndex> {
  let index = indexes.get(placements);
  if (!index) indexes.set(placements, (index = runSliced(indexTree(placements))));
  return index;
}

function* indexTree(placements: Placement[]): Work<TreeIndex> {
  const placedOn = new Map<string, string[]>();
  const keysOf = new Map<string, string[]>();
  for (let i = 0; i < placements.length; i += 1) {
    const { asset_id: asset, key } = placements[i];
    push(placedOn, key, asset);
    if (!key.startsWith('-')) push(keysOf, asset, key);
    if ((i & 2047) === 2047) yield;
  }
  yield;
  // An asset counts once on each node of its subtree paths, however many of its nodes lie below.
  const counts = new Map<string, number>();
  let done = 0;
  for (const keys of keysOf.values()) {
    const seen = new Set<string>();
    for (const key of keys) {
      for (let end = key.indexOf(':'); ; end = key.indexOf(':', end + 1)) {
        const node = end === -1 ? key : key.slice(0, end);
        if (!seen.has(node)) {
          seen.add(node);
          counts.set(node, (counts.get(node) ?? 0) + 1);
        }
        if (end === -1) break;
      }
    }
    if ((++done & 1023) === 0) yield;
  }
  const children = new Map<string, string[]>();
  for (const key of counts.keys()) {
    const end = key.lastIndexOf(':');
    push(children, end === -1 ? '' : key.slice(0, end), key);
  }
  yield;
  const placed = new Set<string>();
  for (let i = 0; i < placements.length; i += 1) {
    placed.add(placements[i].asset_id);
    if ((i & 4095) === 4095) yield;
  }
  return { counts, children, placedOn, placed };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Granted assets on the special nodes: `-10` (when ungrouping) and, for a user, `-12` (favourites ∩ granted). */
export function specialCounts(db: DB, scope: GrantScope, tree: TreeIndex): Map<string, number> {
  const out = new Map<string, number>();
  const ungrouped = new Set(tree.placedOn.get(UNGROUPED_KEY));
  if (ungrouped.size) out.set(UNGROUPED_KEY, ungrouped.size);
  if ('user' in scope.subject) out.set(FAVORITE_KEY, favoriteIds(db, scope, tree.placed).length);
  return out;
}

/** Every node of the tree with its count, the special nodes first. */
export function allCounts(db: DB, scope: GrantScope, tree: TreeIndex): Map<string, number> {
  return new Map([...specialCounts(db, scope, tree), ...tree.counts]);
}

/** Lazy-tree selection: the children of `key`, or (no key) the special nodes, the org roots and their children. */
export function childCounts(db: DB, scope: GrantScope, tree: TreeIndex, key: string | null): Map<string, number> {
  const counted = (keys: string[] | undefined) =>
    (keys ?? []).map((child): [string, number] => [child, tree.counts.get(child)!]);
  if (key !== null) return new Map(counted(tree.children.get(key)));
  const roots = counted(tree.children.get(''));
  return new Map([
    ...specialCounts(db, scope, tree),
    ...roots,
    ...roots.flatMap(([root]) => counted(tree.children.get(root))),
  ]);
}

/** Asset ids the tree shows on the node `key` (with `deep`, anywhere in its subtree); `-12` = favourites. */
export function nodeAssetIds(db: DB, scope: GrantScope, tree: TreeIndex, key: string, deep: boolean): Set<string> {
  if (key === FAVORITE_KEY) return new Set(favoriteIds(db, scope, tree.placed));
  const out = new Set<string>(tree.placedOn.get(key));
  if (deep) {
    const below = [...(tree.children.get(key) ?? [])];
    for (let node = below.pop(); node !== undefined; node = below.pop()) {
      for (const asset of tree.placedOn.get(node) ?? []) out.add(asset);
      below.push(...(tree.children.get(node) ?? []));
    }
  }
  return out;
}
