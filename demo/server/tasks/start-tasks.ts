// Starting asset tasks: which assets (one asset, an admin user's, a node subtree's) and the task name
// JumpServer gives that job. Also the entry point other modules use (e.g. after creating an asset).
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../context.ts';
import type { DB } from '../db/open.ts';
import { storedOrgId } from '../orgs/current-org.ts';
import { assetWork, type AssetAction } from './asset-work.ts';
import { ASSET_COLUMNS, type AssetRow } from './targets.ts';

/** `AND <alias>org_id = ?` for the caller's org; ROOT sees every org. */
export function orgClause(ctx: RequestContext, alias = ''): { sql: string; params: string[] } {
  return ctx.org.kind === 'root' ? { sql: '', params: [] } : { sql: ` AND ${alias}org_id = ?`, params: [storedOrgId(ctx.org)] };
}

export function findInOrg<T>(db: DB, ctx: RequestContext, table: string, id: string, columns = '*'): T | undefined {
  const org = orgClause(ctx);
  return db.prepare(`SELECT ${columns} FROM ${table} WHERE id = ?${org.sql}`).get(id, ...org.params) as T | undefined;
}

export function assetsByIds(db: DB, ids: string[]): AssetRow[] {
  if (!ids.length) return [];
  return db.prepare(`SELECT ${ASSET_COLUMNS} FROM assets a WHERE a.id IN (${ids.map(() => '?').join(', ')}) ORDER BY a.hostname`)
    .all(...ids) as AssetRow[];
}

export function assetsOfAdminUser(db: DB, adminUserId: string): AssetRow[] {
  return db.prepare(`SELECT ${ASSET_COLUMNS} FROM assets a WHERE a.admin_user = ? ORDER BY a.hostname`).all(adminUserId) as AssetRow[];
}

/** Assets on the node or any descendant (keys `k` and `k:...`, an index range). */
export function assetsUnderNode(db: DB, nodeKey: string): AssetRow[] {
  return db.prepare(`SELECT DISTINCT ${ASSET_COLUMNS} FROM nodes n JOIN asset_nodes an ON an.node_id = n.id
      JOIN assets a ON a.id = an.asset_id
    WHERE n.org_id = (SELECT org_id FROM nodes WHERE key = ?) AND (n.key = ? OR (n.key >= ? AND n.key < ?))
    ORDER BY a.hostname`).all(nodeKey, nodeKey, `${nodeKey}:`, `${nodeKey};`) as AssetRow[];
}

/** Queues a test/refresh over `assets`; returns the task id. */
export function startAssetTask(server: FastifyInstance, name: string, action: AssetAction, assets: AssetRow[], creator: string): string {
  const { db, now } = server.bastion;
  return server.tasks.submit(name, creator, assetWork(db, now, action, assets));
}

/** Convenience for hooks: JumpServer starts a hardware refresh and a connectivity test on asset creation. */
export function startNewAssetTasks(server: FastifyInstance, assetId: string, creator: string): string[] {
  const assets = assetsByIds(server.bastion.db, [assetId]);
  if (!assets.length) return [];
  const host = assets[0].hostname;
  return [
    startAssetTask(server, assetTaskName('refresh', host), 'refresh', assets, creator),
    startAssetTask(server, assetTaskName('test', host), 'test', assets, creator),
  ];
}

export const assetTaskName = (action: AssetAction, hostname: string): string =>
  action === 'refresh' ? `Update asset hardware info: ${hostname}` : `Test assets connectivity: ${hostname}`;

export const nodeTaskName = (action: AssetAction, nodeValue: string): string =>
  action === 'refresh' ? `Update node asset hardware information: ${nodeValue}` : `Test if the assets under the node are connectable: ${nodeValue}`;
