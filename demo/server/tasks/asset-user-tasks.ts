// POST /api/v1/assets/asset-users/tasks/ {action: "test"} (§2.3) → 201 {"task"}: logs in to each asset
// user the query selects (the list's own filters: ?id=, ?asset_id=, ?prefer=...) with that account's
// credentials. As for a system user's test, the outcome is the task's result only.
import type { FastifyInstance } from 'fastify';
import { authorize, IsOrgAdmin } from '../core/permissions.ts';
import { listRows } from '../engine/list.ts';
import { singleValues } from '../engine/query-params.ts';
import type { AuthedCtx } from '../engine/types.ts';
import { assetUsersResource } from '../assets/resources/asset-users.ts';
import { readAction } from './asset-task-routes.ts';
import { type AssetUserAccount, assetUserTestWork } from './asset-user-work.ts';
import { taskOwner } from './task-access.ts';

/** One task tests at most this many accounts (the runner runs 2 tasks at once, ~10 s per unreachable host). */
const MAX_ACCOUNTS = 200;

export function registerAssetUserTaskRoute(app: FastifyInstance): void {
  app.post('/api/v1/assets/asset-users/tasks/', async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    if (!readAction(request, reply, ['test'])) return reply;
    const { db } = app.bastion;
    const args = { db, ctx: request.ctx as AuthedCtx, request, now: app.bastion.now() };
    const query = singleValues(request.query as Record<string, unknown>);
    const { rows } = listRows(assetUsersResource, args, { ...query, limit: '', offset: '' }, MAX_ACCOUNTS);
    const name =
      rows.length === 1
        ? `Test asset user connectivity: ${rows[0].username}@${rows[0].hostname}(${rows[0].ip})`
        : 'Test asset users connectivity';
    const accounts = rows as unknown as AssetUserAccount[];
    const job = {
      kind: 'asset_user_test' as const,
      accounts: accounts.map((row) => row.id),
      assets: [...new Set(accounts.map((row) => row.asset))],
    };
    return reply
      .code(201)
      .send({ task: app.tasks.submit(name, taskOwner(request.ctx), assetUserTestWork(db, accounts), job) });
  });
}
