// Subtree asset counts ("<value> (<assets_amount>)" in the tree). An asset in two nodes of one subtree
// counts once, so the counts are computed per asset over its nodes' ancestor keys, for one org root
// at a time, and cached until the tree or a node membership changes (node_tree_version is bumped by
// triggers on nodes and asset_nodes) — the role JumpServer's node-tree cache plays.
import type { DB } from '../db/open.ts';
import { stmt } from '../lib/statements.ts';
import { keyPath, subtreeClause } from './node-tree.ts';

interface Cached { version: number; counts: Map<string, number> }
const caches = new WeakMap<DB, Map<string, Cached>>();

const treeVersion = (db: DB) => stmt(db, 'SELECT version FROM node_tree_version WHERE id = 1').pluck().get() as number;

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
  const range = subtreeClause('key', rootKey);
  const nodes = db.prepare(`SELECT id, key FROM nodes WHERE ${range.sql}`).raw().all(...range.params) as [string, string][];
  // Counting into a typed array by node index: 100k assets × a few ancestors each, without Map churn.
  const index = new Map(nodes.map(([, key], i) => [key, i]));
  const ancestors = new Map(nodes.map(([id, key]) => [id, keyPath(key).map((k) => index.get(k)).filter((i): i is number => i !== undefined)]));
  const counts = new Int32Array(nodes.length);
  const bump = (indexes: Iterable<number>) => { for (const i of indexes) counts[i] += 1; };
  // Rows come grouped by asset; most assets sit on one node, so a Set is only built for the others.
  const rows = db.prepare('SELECT asset_id, node_id FROM asset_nodes ORDER BY asset_id').raw().iterate() as IterableIterator<[string, string]>;
  let current: string | null = null;
  let paths: number[][] = [];
  const flush = () => {
    if (paths.length === 1) bump(paths[0]);
    else if (paths.length > 1) bump(new Set(paths.flat()));
  };
  for (const [asset, node] of rows) {
    const path = ancestors.get(node);
    if (!path) continue;
    if (asset !== current) {
      flush();
      current = asset;
      paths = [];
    }
    paths.push(path);
  }
  flush();
  return new Map(nodes.map(([, key], i) => [key, counts[i]]));
}

export const rootKeyOf = (key: string): string => key.split(':')[0];

export function assetsAmount(db: DB, key: string): number {
  return subtreeAmounts(db, rootKeyOf(key)).get(key) ?? 0;
}
