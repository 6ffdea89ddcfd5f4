// POST /api/v1/assets/asset-users/tasks/ {action: "test"} (§2.3) → 201 {"task"}: logs in to each asset
// user the query selects (the list's own filters: ?id=, ?asset_id=, ?prefer=...) with that account's
// credentials. As for a system user's test, the outcome is the task's result only.
import type { FastifyInstance } from 'fastify';
import { authorize, IsOrgAdmin } from '../auth/permissions.ts';
import { listRows } from '../engine/list.ts';
import { singleValues } from '../engine/query-params.ts';
import type { AuthedCtx, Row } from '../engine/types.ts';
import { pick } from '../lib/i18n.ts';
import { assetUsersResource } from '../resources/asset-users.ts';
import { openColumns } from '../secrets/sealed-columns.ts';
import { readAction } from './asset-task-routes.ts';
import { type AssetTaskResult, tryAsset } from './asset-work.ts';
import { SKIP_REASONS, TASK_LOG } from './log-messages.ts';
import type { TaskWork } from './runner.ts';
import { assetsByIds } from './start-tasks.ts';
import { taskOwner } from './task-access.ts';
import { resolveTarget, type LoginAccount } from './targets.ts';

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
    const name = rows.length === 1 ? `Test asset user connectivity: ${rows[0].username}@${rows[0].hostname}(${rows[0].ip})` : 'Test asset users connectivity';
    return reply.code(201).send({ task: app.tasks.submit(name, taskOwner(request.ctx), assetUserTestWork(app, rows)) });
  });
}

function assetUserTestWork(app: FastifyInstance, rows: Row[]): TaskWork {
  const { db } = app.bastion;
  return async (task) => {
    const result: AssetTaskResult = { ok: [], failed: {}, skipped: {} };
    task.log(pick(task.lang, TASK_LOG.testStart, { count: rows.length }));
    for (const row of rows) {
      if (task.signal.aborted) break;
      const [asset] = assetsByIds(db, [String(row.asset)]);
      if (!asset) continue; // deleted since the task was queued
      const secrets = openColumns(db, 'asset_users', db.prepare('SELECT password, private_key FROM asset_users WHERE id = ?').get(row.id) as { password: string; private_key: string });
      const login: LoginAccount = { username: String(row.username), ...secrets };
      const label = `${row.username}@${row.hostname}`;
      const target = resolveTarget(db, asset, login);
      if (target.skip) {
        task.log(pick(task.lang, TASK_LOG.skipped, { name: label, reason: pick(task.lang, SKIP_REASONS[target.skip]) }), 'warn');
        result.skipped[label] = SKIP_REASONS[target.skip].en;
        continue;
      }
      const outcome = await tryAsset(task, target, 'test');
      if (outcome.ok) result.ok.push(label);
      else result.failed[label] = outcome.reason;
    }
    if (task.signal.aborted) throw new Error('Cancelled: the server is stopping');
    task.log(pick(task.lang, TASK_LOG.testSummary, { ok: result.ok.length, failed: Object.keys(result.failed).length, skipped: Object.keys(result.skipped).length }));
    return result;
  };
}
