// 2.3 pushes an auto-push system user to the assets it is newly linked to (its m2m signals on
// system-user assets and nodes): after a system-users-{assets,nodes}-relations create commits, one
// push task per such system user over the assets the new links reached (a node: its subtree).
import type { FastifyInstance } from 'fastify';
import { nodeById, subtreeClause } from '../assets/node-tree.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import { pushAccounts, pushWork, type PushSystemUser } from './push-work.ts';
import { assetsByIds } from './start-tasks.ts';
import type { TaskOwner } from './store.ts';

const PUSH_COLUMNS =
  'id, name, username, username_same_with_user, password, public_key, shell, home, system_groups, sudo, auto_push, login_mode';

/** `linkIds` are ids of `system_user_assets` (kind asset) or `system_user_nodes` (kind node); returns the task ids. */
export function startAutoPush(
  server: FastifyInstance,
  kind: 'asset' | 'node',
  linkIds: string[],
  owner: TaskOwner,
): string[] {
  const { db } = server.bastion;
  if (server.tasks.closed || !linkIds.length) return [];
  const table = kind === 'asset' ? 'system_user_assets' : 'system_user_nodes';
  const column = kind === 'asset' ? 'asset_id' : 'node_id';
  const links = db
    .prepare(`SELECT system_user_id, ${column} AS target FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(linkIds)) as { system_user_id: string; target: string }[];
  const bySystemUser = new Map<string, Set<string>>();
  for (const link of links) {
    const assets = bySystemUser.get(link.system_user_id) ?? new Set<string>();
    for (const asset of kind === 'asset' ? [link.target] : subtreeAssets(server, link.target)) assets.add(asset);
    bySystemUser.set(link.system_user_id, assets);
  }
  const tasks: string[] = [];
  for (const [id, assetIds] of bySystemUser) {
    const row = db.prepare(`SELECT ${PUSH_COLUMNS} FROM system_users WHERE id = ?`).get(id) as
      (PushSystemUser & { auto_push: number; login_mode: string }) | undefined;
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
  const range = subtreeClause('n.key', node.key);
  return db
    .prepare(`SELECT DISTINCT an.asset_id FROM asset_nodes an JOIN nodes n ON n.id = an.node_id WHERE ${range.sql}`)
    .pluck()
    .all(...range.params) as string[];
}
