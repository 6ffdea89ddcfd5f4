// Which assets sit on which node (the asset_nodes table is written only here and by the engine's asset writes
// through `replaceRelations`). Every asset keeps at least one node: an asset that loses its last one goes back
// to its org root (so an org root's subtree is always the whole org).
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';
import { orgRoot, type NodeRow } from './node-store.ts';

export function nodeHasAssets(db: DB, nodeId: string): boolean {
  return !!db.prepare('SELECT 1 FROM asset_nodes WHERE node_id = ? LIMIT 1').get(nodeId);
}

/** The asset's nodes, in key order (an asset's `nodes` field). */
export function assetNodeIds(db: DB, assetId: string): string[] {
  return db
    .prepare(
      'SELECT an.node_id FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE an.asset_id = ? ORDER BY n.key',
    )
    .pluck()
    .all(assetId) as string[];
}

/** The assets directly on a node with what a tree item shows of them (platform base for the icon), by hostname. */
export function nodeAssetItems(db: DB, nodeId: string): Row[] {
  return db
    .prepare(
      `SELECT a.id, a.hostname, a.ip, a.protocols, p.base AS platform_base FROM asset_nodes an
    JOIN assets a ON a.id = an.asset_id LEFT JOIN platforms p ON p.name = a.platform WHERE an.node_id = ? ORDER BY a.hostname`,
    )
    .all(nodeId) as Row[];
}

/** [node id, assets on it] for every node with assets, as raw pairs (node-amounts.ts sums them per subtree). */
export function assetCountsByNode(db: DB): [string, number][] {
  return db.prepare('SELECT node_id, COUNT(*) FROM asset_nodes GROUP BY node_id').raw().all() as [string, number][];
}

/** For each asset on more than one node, its node ids joined with ',' (node-amounts.ts counts it once per subtree). */
export function sharedAssetNodeLists(db: DB): string[] {
  return db
    .prepare('SELECT group_concat(node_id) FROM asset_nodes GROUP BY asset_id HAVING COUNT(*) > 1')
    .pluck()
    .all() as string[];
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

// Reads for the grant engine (perms/grant-walk.ts, perms/grants.ts, perms/permission-filters.ts): bounded by a
// limit or a batch of ids, so a walk over a big grant pauses between statements.

/** `[node, asset]` of the nodes' assets, at most `limit` rows. */
export function nodeAssetPairs(db: DB, nodeIds: readonly string[], limit: number): [string, string][] {
  return db
    .prepare('SELECT node_id, asset_id FROM asset_nodes WHERE node_id IN (SELECT value FROM json_each(?)) LIMIT ?')
    .raw()
    .all(JSON.stringify(nodeIds), limit) as [string, string][];
}

/** One node's assets after `after`, in id order, `limit` at a time. */
export function nodeAssetsAfter(db: DB, nodeId: string, after: string, limit: number): string[] {
  return db
    .prepare('SELECT asset_id FROM asset_nodes WHERE node_id = ? AND asset_id > ? ORDER BY asset_id LIMIT ?')
    .pluck()
    .all(nodeId, after, limit) as string[];
}

/** `{asset_id, key}` of every node of the assets. */
export function assetNodeKeyRows(db: DB, assetIds: readonly string[]): { asset_id: string; key: string }[] {
  return db
    .prepare(
      'SELECT an.asset_id, n.key FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE an.asset_id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify(assetIds)) as { asset_id: string; key: string }[];
}

/** The keys of one asset's nodes. */
export function assetNodeKeys(db: DB, assetId: string): string[] {
  return db
    .prepare('SELECT n.key FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE an.asset_id = ?')
    .pluck()
    .all(assetId) as string[];
}

/** The ids of the nodes holding the assets. */
export function nodeIdsOfAssets(db: DB, assetIds: readonly string[]): string[] {
  return db
    .prepare('SELECT node_id FROM asset_nodes WHERE asset_id IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(JSON.stringify(assetIds)) as string[];
}
