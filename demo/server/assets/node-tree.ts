// The node tree: keys like '1', '1:0', '1:0:3'. Each org has one root with a bare-number key
// (DEFAULT '1', other orgs '2', '3', … in order of first use), made on demand. A child's key
// suffix comes from its parent's `child_mark` counter, so keys are never reused.
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

/** The org's root node (stored org id: '' for DEFAULT), created the first time it is needed. */
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

/** Reserves the next child key under `parent` (bumps its counter). */
/** One node's row; the caller has made sure nothing hangs on it (an org's delete takes its empty root). */
export function deleteNode(db: DB, nodeId: string): void {
  db.prepare('DELETE FROM nodes WHERE id = ?').run(nodeId);
}

export function nextChildKey(db: DB, parent: NodeRow): string {
  const mark = db
    .prepare('UPDATE nodes SET child_mark = child_mark + 1 WHERE id = ? RETURNING child_mark - 1')
    .pluck()
    .get(parent.id) as number;
  return `${parent.key}:${mark}`;
}

/** 'New node N' with N one past the highest such name among the children. */
export function presetChildName(db: DB, parent: NodeRow): string {
  const names = db
    .prepare("SELECT value FROM nodes WHERE parent_key = ? AND value LIKE 'New node %'")
    .pluck()
    .all(parent.key) as string[];
  const numbers = names
    .map((name) => /^New node (\d+)$/.exec(name))
    .filter(Boolean)
    .map((m) => Number(m![1]));
  return `New node ${Math.max(0, ...numbers) + 1}`;
}

export function createChild(db: DB, parent: NodeRow, value: string | undefined, nowMs: number, id = uuid()): NodeRow {
  const row: NodeRow = {
    id,
    key: nextChildKey(db, parent),
    parent_key: parent.key,
    value: value || presetChildName(db, parent),
    child_mark: 0,
    org_id: parent.org_id,
    date_create: isoAt(nowMs),
  };
  insertNode(db, row);
  return row;
}

export function siblingNameTaken(db: DB, parentKey: string, value: string, exceptId: string | null): boolean {
  return !!db
    .prepare('SELECT 1 FROM nodes WHERE parent_key = ? AND value = ? AND id IS NOT ?')
    .get(parentKey, value, exceptId);
}

/** Ancestor keys of a key, the key itself last: '1:0:3' → ['1', '1:0', '1:0:3']. */
export function keyPath(key: string): string[] {
  const parts = key.split(':');
  return parts.map((_, i) => parts.slice(0, i + 1).join(':'));
}

/** Ancestor values joined with ' / ' (the org root first). */
export function fullValue(db: DB, key: string): string {
  const path = keyPath(key);
  const rows = db
    .prepare(`SELECT key, value FROM nodes WHERE key IN (${path.map(() => '?').join(', ')})`)
    .all(...path) as { key: string; value: string }[];
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return path.map((k) => byKey.get(k) ?? '').join(' / ');
}

export function hasChildren(db: DB, key: string): boolean {
  return !!db.prepare('SELECT 1 FROM nodes WHERE parent_key = ? LIMIT 1').get(key);
}

/** Moves `node` and its subtree under `target`; false when the target is the node or inside it. */
export function moveNode(db: DB, node: NodeRow, target: NodeRow): boolean {
  if (target.key === node.key || target.key.startsWith(`${node.key}:`)) return false;
  if (node.parent_key === target.key) return true;
  const newKey = nextChildKey(db, target);
  const tail = node.key.length + 1;
  const range = subtreeClause('key', node.key);
  db.prepare(
    `UPDATE nodes SET key = ? || substr(key, ?),
      parent_key = CASE WHEN id = ? THEN ? ELSE ? || substr(parent_key, ?) END WHERE ${range.sql}`,
  ).run(newKey, tail, node.id, target.key, newKey, tail, ...range.params);
  return true;
}

/** Numeric key order ('1:2' before '1:10'), as JumpServer sorts tree nodes. */
export function compareKeys(a: string, b: string): number {
  const pa = a.split(':').map(Number);
  const pb = b.split(':').map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return pa.length - pb.length;
}
