// Which assets sit on which node (the asset_nodes table is written only here and by the engine's asset writes
// through `replaceRelations`). Every asset keeps at least one node: an asset that loses its last one goes back
// to its org root (so an org root's subtree is always the whole org).
import type { DB } from '../core/db/open.ts';
import { orgRoot, type NodeRow } from './node-tree.ts';

export function nodeHasAssets(db: DB, nodeId: string): boolean {
  return !!db.prepare('SELECT 1 FROM asset_nodes WHERE node_id = ? LIMIT 1').get(nodeId);
}

/** One asset on one node; with `ignoreTaken` a pair held already is kept, without it fails on the unique pair. */
export function putAssetOnNode(db: DB, assetId: string, nodeId: string, ignoreTaken = true): void {
  const verb = ignoreTaken ? 'INSERT OR IGNORE' : 'INSERT';
  db.prepare(`${verb} INTO asset_nodes (asset_id, node_id) VALUES (?, ?)`).run(assetId, nodeId);
}

export function addAssets(db: DB, node: NodeRow, assetIds: string[]): void {
  for (const id of assetIds) putAssetOnNode(db, id, node.id);
}

/** From the org root an asset is removed only when it has another node (JumpServer's rule). */
export function removeAssets(db: DB, node: NodeRow, assetIds: string[], nowMs: number): void {
  const otherNodes = db.prepare('SELECT COUNT(*) FROM asset_nodes WHERE asset_id = ? AND node_id != ?').pluck();
  const remove = db.prepare('DELETE FROM asset_nodes WHERE asset_id = ? AND node_id = ?');
  for (const id of assetIds) {
    const others = otherNodes.get(id, node.id) as number;
    if (node.parent_key === '' && others === 0) continue;
    remove.run(id, node.id);
    if (others === 0) addAssets(db, orgRoot(db, node.org_id, nowMs), [id]);
  }
}

/** Each asset's node set becomes just this node. */
export function replaceAssets(db: DB, node: NodeRow, assetIds: string[]): void {
  const clear = db.prepare('DELETE FROM asset_nodes WHERE asset_id = ?');
  for (const id of assetIds) clear.run(id);
  addAssets(db, node, assetIds);
}
