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
  const range = subtreeClause('n.key', rootKey);
  const rows = db.prepare(`SELECT an.asset_id AS asset, n.key AS key FROM asset_nodes an JOIN nodes n ON n.id = an.node_id
    WHERE ${range.sql} ORDER BY an.asset_id`).raw().iterate(...range.params) as IterableIterator<[string, string]>;
  const counts = new Map<string, number>();
  let current: string | null = null;
  let seen = new Set<string>();
  const flush = () => { for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1); };
  for (const [asset, key] of rows) {
    if (asset !== current) {
      flush();
      current = asset;
      seen = new Set();
    }
    for (const k of keyPath(key)) seen.add(k);
  }
  flush();
  return counts;
}

export const rootKeyOf = (key: string): string => key.split(':')[0];

export function assetsAmount(db: DB, key: string): number {
  return subtreeAmounts(db, rootKeyOf(key)).get(key) ?? 0;
}
