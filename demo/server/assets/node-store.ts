// The nodes table, written only here: the tree's rows (keys like '1', '1:0', '1:0:3'; the rules are
// node-tree.ts's), each org's root made on demand, a parent's `child_mark` counter, a moved subtree's new
// keys, and the reads of the tree, its counts (node-amounts.ts) and its endpoints (node-selection.ts).
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';

export interface NodeRow {
  id: string;
  key: string;
  parent_key: string;
  value: string;
  child_mark: number;
  org_id: string;
  date_create: string;
}

/** The DEFAULT org's root; another org's root is named after the org, as 2.3's create_org_root_node does. */
export const ROOT_NAME = 'Default';
const DEFAULT_ORG_ROOT_KEY = '1';

/** SQL for "the node itself and everything under it" on a `key` column (a range, so the index is used). */
export function subtreeClause(column: string, key: string): { sql: string; params: string[] } {
  return { sql: `(${column} = ? OR (${column} >= ? AND ${column} < ?))`, params: [key, `${key}:`, `${key};`] };
}

/** The descendants only (without the node itself). */
export function descendantsClause(column: string, key: string): { sql: string; params: string[] } {
  return { sql: `(${column} >= ? AND ${column} < ?)`, params: [`${key}:`, `${key};`] };
}

export function nodeById(db: DB, id: string): NodeRow | null {
  return (db.prepare('SELECT * FROM nodes WHERE id = ?').get(id) as NodeRow | undefined) ?? null;
}

export function nodeByKey(db: DB, key: string): NodeRow | null {
  return (db.prepare('SELECT * FROM nodes WHERE key = ?').get(key) as NodeRow | undefined) ?? null;
}

/** Just the key of a node (a relation's `node_display`), or undefined. */
export function nodeKeyById(db: DB, id: string): string | undefined {
  return db.prepare('SELECT key FROM nodes WHERE id = ?').pluck().get(id) as string | undefined;
}

/**
 * The org's root node (stored org id: '' for DEFAULT), created the first time it is needed. The org's name
 * is read here rather than from ../orgs/org-store.ts, which imports this folder.
 */
export function orgRoot(db: DB, orgId: string, nowMs = Date.now()): NodeRow {
  const found = db
    .prepare("SELECT * FROM nodes WHERE org_id = ? AND parent_key = '' ORDER BY key LIMIT 1")
    .get(orgId) as NodeRow | undefined;
  if (found) return found;
  let key = DEFAULT_ORG_ROOT_KEY;
  if (orgId !== '') {
    const highest = db.prepare("SELECT MAX(CAST(key AS INTEGER)) FROM nodes WHERE parent_key = ''").pluck().get() as
      number | null;
    key = String(Math.max(highest ?? 0, Number(DEFAULT_ORG_ROOT_KEY)) + 1);
  }
  const orgName =
    orgId === ''
      ? undefined
      : (db.prepare('SELECT name FROM orgs WHERE id = ?').pluck().get(orgId) as string | undefined);
  const row: NodeRow = {
    id: uuid(),
    key,
    parent_key: '',
    value: orgName ?? ROOT_NAME,
    child_mark: 0,
    org_id: orgId,
    date_create: isoAt(nowMs),
  };
  insertNode(db, row);
  return row;
}

export function insertNode(db: DB, row: NodeRow): void {
  db.prepare(
    `INSERT INTO nodes (id, key, parent_key, value, child_mark, org_id, date_create)
    VALUES (@id, @key, @parent_key, @value, @child_mark, @org_id, @date_create)`,
  ).run(row);
}

/** One node's row; the caller has made sure nothing hangs on it (an org's delete takes its empty root). */
export function deleteNode(db: DB, nodeId: string): void {
  db.prepare('DELETE FROM nodes WHERE id = ?').run(nodeId);
}

/** Bumps the parent's counter and answers its value before the bump: the next child's key suffix. */
export function takeChildMark(db: DB, parentId: string): number {
  return db
    .prepare('UPDATE nodes SET child_mark = child_mark + 1 WHERE id = ? RETURNING child_mark - 1')
    .pluck()
    .get(parentId) as number;
}

/** The names of the children of `parentKey` that start like 'New node ' (the preset name counts past them). */
export function presetNamesUnder(db: DB, parentKey: string): string[] {
  return db
    .prepare("SELECT value FROM nodes WHERE parent_key = ? AND value LIKE 'New node %'")
    .pluck()
    .all(parentKey) as string[];
}

export function siblingNameTaken(db: DB, parentKey: string, value: string, exceptId: string | null): boolean {
  return !!db
    .prepare('SELECT 1 FROM nodes WHERE parent_key = ? AND value = ? AND id IS NOT ?')
    .get(parentKey, value, exceptId);
}

/** Key and value of the nodes with these keys (an ancestor path), in no order. */
export function nodeValues(db: DB, keys: string[]): Pick<NodeRow, 'key' | 'value'>[] {
  return db
    .prepare(`SELECT key, value FROM nodes WHERE key IN (${keys.map(() => '?').join(', ')})`)
    .all(...keys) as Pick<NodeRow, 'key' | 'value'>[];
}

export function hasChildren(db: DB, key: string): boolean {
  return !!db.prepare('SELECT 1 FROM nodes WHERE parent_key = ? LIMIT 1').get(key);
}

/** `node` becomes `newKey` under `parentKey`; every descendant's key and parent key follow it. */
export function rekeySubtree(db: DB, node: NodeRow, parentKey: string, newKey: string): void {
  const tail = node.key.length + 1;
  const range = subtreeClause('key', node.key);
  db.prepare(
    `UPDATE nodes SET key = ? || substr(key, ?),
      parent_key = CASE WHEN id = ? THEN ? ELSE ? || substr(parent_key, ?) END WHERE ${range.sql}`,
  ).run(newKey, tail, node.id, parentKey, newKey, tail, ...range.params);
}

/** Every node of every org (ROOT's tree), unsorted. */
export function allNodes(db: DB): NodeRow[] {
  return db.prepare('SELECT * FROM nodes').all() as NodeRow[];
}

/** Every node of the org whose stored id is `orgId`, unsorted. */
export function orgNodes(db: DB, orgId: string): NodeRow[] {
  return db.prepare('SELECT * FROM nodes WHERE org_id = ?').all(orgId) as NodeRow[];
}

export function childrenOf(db: DB, parentKey: string): NodeRow[] {
  return db.prepare('SELECT * FROM nodes WHERE parent_key = ?').all(parentKey) as NodeRow[];
}

/** Every node under `key`, without the node itself, unsorted. */
export function descendantsOf(db: DB, key: string): NodeRow[] {
  const range = descendantsClause('key', key);
  return db.prepare(`SELECT * FROM nodes WHERE ${range.sql}`).all(...range.params) as NodeRow[];
}

/** [id, key] of every node in the subtree of `rootKey`, as raw pairs (the counts read thousands). */
export function subtreeIdKeys(db: DB, rootKey: string): [string, string][] {
  const range = subtreeClause('key', rootKey);
  return db
    .prepare(`SELECT id, key FROM nodes WHERE ${range.sql}`)
    .raw()
    .all(...range.params) as [string, string][];
}

/** The tree's version, bumped by triggers on nodes and asset_nodes: cached counts stay good while it stays. */
export function treeVersion(db: DB): number {
  return db.prepare('SELECT version FROM node_tree_version WHERE id = 1').pluck().get() as number;
}
