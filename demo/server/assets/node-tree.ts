// The node tree: keys like '1', '1:0', '1:0:3'. Each org has one root with a bare-number key
// (DEFAULT '1', other orgs '2', '3', … in order of first use), made on demand. A child's key
// suffix comes from its parent's `child_mark` counter, so keys are never reused.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { insertNode, nodeValues, presetNamesUnder, rekeySubtree, takeChildMark, type NodeRow } from './node-store.ts';

// The table's statements live in node-store.ts; the other folders keep importing these from here.
export { deleteNode, nodeById, nodeByKey, orgRoot, subtreeClause, type NodeRow } from './node-store.ts';

/** Reserves the next child key under `parent` (bumps its counter). */
export function nextChildKey(db: DB, parent: NodeRow): string {
  return `${parent.key}:${takeChildMark(db, parent.id)}`;
}

/** 'New node N' with N one past the highest such name among the children. */
export function presetChildName(db: DB, parent: NodeRow): string {
  const numbers = presetNamesUnder(db, parent.key)
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

/** Ancestor keys of a key, the key itself last: '1:0:3' → ['1', '1:0', '1:0:3']. */
export function keyPath(key: string): string[] {
  const parts = key.split(':');
  return parts.map((_, i) => parts.slice(0, i + 1).join(':'));
}

/** Ancestor values joined with ' / ' (the org root first). */
export function fullValue(db: DB, key: string): string {
  const path = keyPath(key);
  const byKey = new Map(nodeValues(db, path).map((r) => [r.key, r.value]));
  return path.map((k) => byKey.get(k) ?? '').join(' / ');
}

/** Moves `node` and its subtree under `target`; false when the target is the node or inside it. */
export function moveNode(db: DB, node: NodeRow, target: NodeRow): boolean {
  if (target.key === node.key || target.key.startsWith(`${node.key}:`)) return false;
  if (node.parent_key === target.key) return true;
  rekeySubtree(db, node, target.key, nextChildKey(db, target));
  return true;
}

/** Numeric key order ('1:2' before '1:10'), as JumpServer sorts tree nodes. */
export function compareKeys(a: string, b: string): number {
  const pa = a.split(':').map(Number);
  const pb = b.split(':').map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return pa.length - pb.length;
}
