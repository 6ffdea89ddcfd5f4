// The job center's demo data on a new demo database: not rows written by hand but real jobs run by the
// task runner once the server is ready — each org's admin users tested, a node's hardware refreshed —
// so the task list, versions, runs and logs are what the task code produced (the seeded assets live on
// 127.x addresses, so most hosts answer "Connection refused", as an unreachable fleet would).
import type { FastifyInstance } from 'fastify';
import { ROOT_ORG_ID } from '../core/orgs/current-org.ts';
import { assetsOfAdminUser, assetsUnderNode, nodeTaskName, startAssetTask } from '../tasks/start-tasks.ts';
import type { TaskOwner } from '../tasks/store.ts';

export function startDemoRuns(app: FastifyInstance): void {
  const { db } = app.bastion;
  const admin = db.prepare("SELECT id, username FROM users WHERE username = 'admin'").get() as
    { id: string; username: string } | undefined;
  if (!admin || app.tasks.closed) return;
  const owner = (orgId: string): TaskOwner => ({
    creator: admin.username,
    creatorId: admin.id,
    lang: 'zh',
    orgId: orgId || '',
  });
  const adminUsers = db.prepare('SELECT id, name, org_id FROM admin_users ORDER BY org_id, name').all() as {
    id: string;
    name: string;
    org_id: string;
  }[];
  for (const user of adminUsers) {
    const assets = assetsOfAdminUser(db, user.id);
    if (assets.length)
      startAssetTask(app, `Test admin user connectivity: ${user.name}`, 'test', assets, owner(user.org_id));
  }
  // One hardware refresh per org: the first node under its root that holds assets.
  // SQLite takes the bare columns of a MIN() row from that row.
  const nodes = db
    .prepare(
      `SELECT MIN(n.key) AS key, n.value, n.org_id FROM nodes n WHERE n.key LIKE '%:%' AND n.org_id != ?
    AND EXISTS (SELECT 1 FROM asset_nodes an WHERE an.node_id = n.id) GROUP BY n.org_id`,
    )
    .all(ROOT_ORG_ID) as { key: string; value: string; org_id: string }[];
  for (const node of nodes)
    startAssetTask(
      app,
      nodeTaskName('refresh', node.value),
      'refresh',
      assetsUnderNode(db, node.key),
      owner(node.org_id),
    );
}
