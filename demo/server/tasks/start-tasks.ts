// Starting asset tasks: which assets (one asset, an admin user's, a node subtree's) and the task name
// JumpServer gives that job. Also the entry point other modules use (e.g. after creating an asset).
import { pick } from '../core/lib/i18n.ts';
import { TASK_LOG } from './log-messages.ts';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { assetWork, type AssetAction } from './asset-work.ts';
import type { TaskOwner } from './store.ts';
import { assetsByIds, rowInOrg, type AssetRow, type InOrgTable } from './target-store.ts';

export { assetsByIds, assetsOfAdminUser, assetsUnderNode } from './target-store.ts';

/** The row of `table` with that id in the caller's org (target-store.ts says which columns), its credentials in clear (tasks log in with them). */
export function findInOrg<T>(db: DB, ctx: RequestContext, table: InOrgTable, id: string): T | undefined {
  const row = rowInOrg(db, ctx.org, table, id);
  return row ? (openColumns(db, table, row) as T) : undefined;
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
