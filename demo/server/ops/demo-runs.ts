// The job center's demo data on a new demo database: not rows written by hand but real jobs run by the
// task runner once the server is ready — each org's admin users tested, a node's hardware refreshed —
// so the task list, versions, runs and logs are what the task code produced (the seeded assets live on
// 127.x addresses, so most hosts answer "Connection refused", as an unreachable fleet would).
import type { FastifyInstance } from 'fastify';
import { ROOT_ORG_ID } from '../core/orgs/current-org.ts';
import { assetsOfAdminUser, assetsUnderNode, nodeTaskName, startAssetTask } from '../tasks/start-tasks.ts';
import type { TaskOwner } from '../tasks/store.ts';
import { allAdminUsers, firstNodesWithAssets } from '../tasks/target-store.ts';
import { builtinAdmin } from '../users/user-store.ts';

export function startDemoRuns(app: FastifyInstance): void {
  const { db } = app.bastion;
  const admin = builtinAdmin(db);
  if (!admin || app.tasks.closed) return;
  const owner = (orgId: string): TaskOwner => ({
    creator: admin.username,
    creatorId: admin.id,
    lang: 'zh',
    orgId: orgId || '',
  });
  for (const user of allAdminUsers(db)) {
    const assets = assetsOfAdminUser(db, user.id);
    if (assets.length)
      startAssetTask(app, `Test admin user connectivity: ${user.name}`, 'test', assets, owner(user.org_id));
  }
  // One hardware refresh per org: the first node under its root that holds assets.
  for (const node of firstNodesWithAssets(db, ROOT_ORG_ID))
    startAssetTask(
      app,
      nodeTaskName('refresh', node.value),
      'refresh',
      assetsUnderNode(db, node.key),
      owner(node.org_id),
    );
}
