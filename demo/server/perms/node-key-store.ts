// What perms/ reads of the node tree: nodes by id or key, a subtree paged along the unique index on key, and the
// rows of the nodes of a granted tree. The nodes table is written by assets/node-tree.ts, which has no store
// module perms could read through; these reads stay here.
import type { NodeRow } from '../assets/node-tree.ts';
import type { DB } from '../core/db/open.ts';

/** The node's key; undefined for no such node. */
export function nodeKeyOf(db: DB, nodeId: string): string | undefined {
  return db.prepare('SELECT key FROM nodes WHERE id = ?').pluck().get(nodeId) as string | undefined;
}

/** `{id, key}` of the node with this key, if any. */
export function nodeIdAndKey(db: DB, key: string): { id: string; key: string } | undefined {
  return db.prepare('SELECT id, key FROM nodes WHERE key = ?').get(key) as { id: string; key: string } | undefined;
}

/** `{id, key}` of the nodes with `after < key < before`, in key order, at most `limit`. */
export function nodesBetween(db: DB, after: string, before: string, limit: number): { id: string; key: string }[] {
  return db
    .prepare('SELECT id, key FROM nodes WHERE key > ? AND key < ? ORDER BY key LIMIT ?')
    .all(after, before, limit) as { id: string; key: string }[];
}

/** The rows of the nodes with these keys, in no order. */
export function nodesByKeys(db: DB, keys: readonly string[]): NodeRow[] {
  return db
    .prepare('SELECT * FROM nodes WHERE key IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(keys)) as NodeRow[];
}

/** The keys of the nodes `nodeIds`. */
export function keysOfNodes(db: DB, nodeIds: readonly string[]): string[] {
  return db
    .prepare('SELECT key FROM nodes WHERE id IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(JSON.stringify(nodeIds)) as string[];
}

/** The ids of the nodes with these keys. */
export function idsOfNodeKeys(db: DB, keys: readonly string[]): string[] {
  return db
    .prepare('SELECT id FROM nodes WHERE key IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(JSON.stringify(keys)) as string[];
}

/** The ids of the nodes named `value`. */
export function nodeIdsByValue(db: DB, value: string): string[] {
  return db.prepare('SELECT id FROM nodes WHERE value = ?').pluck().all(value) as string[];
}
