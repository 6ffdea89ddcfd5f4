// Starting asset tasks: which assets (one asset, an admin user's, a node subtree's) and the task name
// JumpServer gives that job. Also the entry point other modules use (e.g. after creating an asset).
import { pick } from '../core/lib/i18n.ts';
import { TASK_LOG } from './log-messages.ts';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { andInOrg } from '../core/orgs/current-org.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { assetWork, type AssetAction } from './asset-work.ts';
import type { TaskOwner } from './store.ts';
import { ASSET_COLUMNS, type AssetRow } from './targets.ts';

/** The row, its credentials in clear (tasks log in with them). */
export function findInOrg<T>(db: DB, ctx: RequestContext, table: string, id: string, columns = '*'): T | undefined {
  const org = andInOrg(ctx.org);
  const row = db.prepare(`SELECT ${columns} FROM ${table} WHERE id = ?${org.sql}`).get(id, ...org.params) as
    Record<string, unknown> | undefined;
  return row ? (openColumns(db, table, row) as T) : undefined;
}

export function assetsByIds(db: DB, ids: string[]): AssetRow[] {
  if (!ids.length) return [];
  // One JSON parameter: a system user may reach more assets than SQLite takes variables.
  return db
    .prepare(`SELECT ${ASSET_COLUMNS} FROM assets a WHERE a.id IN (SELECT value FROM json_each(?)) ORDER BY a.hostname`)
    .all(JSON.stringify(ids)) as AssetRow[];
}

export function assetsOfAdminUser(db: DB, adminUserId: string): AssetRow[] {
  return db
    .prepare(`SELECT ${ASSET_COLUMNS} FROM assets a WHERE a.admin_user = ? ORDER BY a.hostname`)
    .all(adminUserId) as AssetRow[];
}

/** Assets on the node or any descendant (keys `k` and `k:...`, an index range). */
export function assetsUnderNode(db: DB, nodeKey: string): AssetRow[] {
  return db
    .prepare(
      `SELECT DISTINCT ${ASSET_COLUMNS} FROM nodes n JOIN asset_nodes an ON an.node_id = n.id
      JOIN assets a ON a.id = an.asset_id
    WHERE n.org_id = (SELECT org_id FROM nodes WHERE key = ?) AND (n.key = ? OR (n.key >= ? AND n.key < ?))
    ORDER BY a.hostname`,
    )
    .all(nodeKey, nodeKey, `${nodeKey}:`, `${nodeKey};`) as AssetRow[];
}

/** Queues a test/refresh over `assets`; returns the task id. */
export function startAssetTask(
  server: FastifyInstance,
  name: string,
  action: AssetAction,
  assets: AssetRow[],
  owner: TaskOwner,
): string {
  const { db, now } = server.bastion;
  return server.tasks.submit(name, owner, assetWork(db, now, action, assets), {
    kind: 'assets',
    action,
    assets: assets.map((asset) => asset.id),
  });
}

/**
 * Most new assets one create request checks automatically. JumpServer starts two tasks per created
 * asset; a CSV import of thousands would flood the runner (2 tasks at once, up to ~10 s per unreachable
 * host), so one request starts one refresh and one test over at most this many of its assets, and the
 * task log names how many were left for a node-level test.
 */
export const NEW_ASSET_CHECK_LIMIT = 50;

/** JumpServer starts a hardware refresh and a connectivity test on asset creation; returns the task ids. */
export function startNewAssetTasks(server: FastifyInstance, assetIds: string[], owner: TaskOwner): string[] {
  if (server.tasks.closed || !assetIds.length) return [];
  const assets = assetsByIds(server.bastion.db, assetIds.slice(0, NEW_ASSET_CHECK_LIMIT));
  if (!assets.length) return [];
  const left = assetIds.length - assets.length;
  const note = left > 0 ? pick(owner.lang, TASK_LOG.notChecked, { count: left }) : '';
  return (['refresh', 'test'] as const).map((action) => {
    const name = assets.length === 1 ? assetTaskName(action, assets[0].hostname) : someAssetsTaskName(action);
    const work = assetWork(server.bastion.db, server.bastion.now, action, assets);
    const job = { kind: 'assets' as const, action, assets: assets.map((asset) => asset.id) };
    return server.tasks.submit(
      name,
      owner,
      note
        ? async (task) => {
            task.log(note);
            return work(task);
          }
        : work,
      job,
    );
  });
}

export const assetTaskName = (action: AssetAction, hostname: string): string =>
  action === 'refresh' ? `Update asset hardware info: ${hostname}` : `Test assets connectivity: ${hostname}`;

/** JumpServer's names for the same jobs over several assets. */
export const someAssetsTaskName = (action: AssetAction): string =>
  action === 'refresh' ? 'Update some assets hardware info' : 'Test assets connectivity';

export const nodeTaskName = (action: AssetAction, nodeValue: string): string =>
  action === 'refresh'
    ? `Update node asset hardware information: ${nodeValue}`
    : `Test if the assets under the node are connectable: ${nodeValue}`;
