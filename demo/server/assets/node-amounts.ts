// Subtree asset counts ("<value> (<assets_amount>)" in the tree). An asset in two nodes of one subtree
// counts once, so the counts are computed per asset over its nodes' ancestor keys, for one org root
// at a time, and cached until the tree or a node membership changes (node_tree_version is bumped by
// triggers on nodes and asset_nodes) — the role JumpServer's node-tree cache plays.
import type { DB } from '../core/db/open.ts';
import { assetCountsByNode, sharedAssetNodeLists } from './node-asset-store.ts';
import { subtreeIdKeys, treeVersion } from './node-store.ts';
import { keyPath } from './node-tree.ts';

interface Cached {
  version: number;
  counts: Map<string, number>;
}
const caches = new WeakMap<DB, Map<string, Cached>>();

/** Distinct assets under each node of the org whose root key is `rootKey`. */
export function subtreeAmounts(db: DB, rootKey: string): Map<string, number> {
  let perRoot = caches.get(db);
  if (!perRoot) caches.set(db, (perRoot = new Map()));
  const version = treeVersion(db);
  const cached = perRoot.get(rootKey);
  if (cached && cached.version === version) return cached.counts;
  const counts = computeAmounts(db, rootKey);
  perRoot.set(rootKey, { version, counts });
  return counts;
}

function computeAmounts(db: DB, rootKey: string): Map<string, number> {
  const nodes = subtreeIdKeys(db, rootKey);
  // Counting into a typed array by node index; a node of another org root has no path and is skipped.
  const index = new Map(nodes.map(([, key], i) => [key, i]));
  const ancestors = new Map(
    nodes.map(([id, key]) => [
      id,
      keyPath(key)
        .map((k) => index.get(k))
        .filter((i): i is number => i !== undefined),
    ]),
  );
  const counts = new Int32Array(nodes.length);
  // Reading all 100k memberships into JS took 200-400 ms and blocked every other request meanwhile;
  // SQLite aggregates them instead. First each membership counts on every ancestor of its node...
  for (const [node, amount] of assetCountsByNode(db)) {
    for (const i of ancestors.get(node) ?? []) counts[i] += amount;
  }
  // ...then an asset on several nodes gives back what it counted twice on their shared ancestors.
  for (const nodeIds of sharedAssetNodeLists(db)) {
    const seen = new Set<number>();
    for (const node of nodeIds.split(',')) {
      for (const i of ancestors.get(node) ?? []) {
        if (seen.has(i)) counts[i] -= 1;
        else seen.add(i);
      }
    }
  }
  return new Map(nodes.map(([, key], i) => [key, counts[i]]));
}

export const rootKeyOf = (key: string): string => key.split(':')[0];

export function assetsAmount(db: DB, key: string): number {
  return subtreeAmounts(db, rootKeyOf(key)).get(key) ?? 0;
}
