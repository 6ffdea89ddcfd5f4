// 2.3 pushes an auto-push system user to the assets it is newly linked to (its m2m signals on
// system-user assets and nodes): after a system-users-{assets,nodes}-relations create commits, one
// push task per such system user over the assets the new links reached (a node: its subtree).
import type { FastifyInstance } from 'fastify';
import { nodeById } from '../assets/node-tree.ts';
import { linksByIds } from '../assets/system-user-link-store.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { pushAccounts, pushWork, type PushSystemUser } from './push-work.ts';
import { assetsByIds } from './start-tasks.ts';
import type { TaskOwner } from './store.ts';
import { subtreeAssetIds, systemUserToPush } from './target-store.ts';

/** `linkIds` are ids of `system_user_assets` (kind asset) or `system_user_nodes` (kind node); returns the task ids. */
export function startAutoPush(
  server: FastifyInstance,
  kind: 'asset' | 'node',
  linkIds: string[],
  owner: TaskOwner,
): string[] {
  const { db } = server.bastion;
  if (server.tasks.closed || !linkIds.length) return [];
  const links = linksByIds(db, kind, linkIds);
  const bySystemUser = new Map<string, Set<string>>();
  for (const link of links) {
    const assets = bySystemUser.get(link.system_user_id) ?? new Set<string>();
    for (const asset of kind === 'asset' ? [link.target] : subtreeAssets(server, link.target)) assets.add(asset);
    bySystemUser.set(link.system_user_id, assets);
  }
  const tasks: string[] = [];
  for (const [id, assetIds] of bySystemUser) {
    const row: (PushSystemUser & { auto_push: number; login_mode: string }) | undefined = systemUserToPush(db, id);
    const user = row && openColumns(db, 'system_users', row);
    // 2.3 forces auto_push off for manual login; a manual user has nothing to push anyway.
    if (!user || !user.auto_push || user.login_mode !== 'auto' || !assetIds.size) continue;
    const assets = assetsByIds(db, [...assetIds]);
    const work = pushWork(db, assets, pushAccounts(db, user));
    const job = { kind: 'push' as const, system_user: user.id, assets: assets.map((asset) => asset.id) };
    tasks.push(server.tasks.submit(`Push system users to assets: ${user.name}`, owner, work, job));
  }
  return tasks;
}

function subtreeAssets(server: FastifyInstance, nodeId: string): string[] {
  const { db } = server.bastion;
  const node = nodeById(db, nodeId);
  if (!node) return [];
  return subtreeAssetIds(db, node.key);
}
