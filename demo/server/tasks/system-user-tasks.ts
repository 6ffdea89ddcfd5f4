// POST /api/v1/assets/system-users/<id>/tasks/ {action, asset?} (§2.3) → 201 {"task"}: "test" logs in
// to the system user's assets (or the one `asset`) with its own credentials; "push" creates its
// account on them (push-work.ts), for one asset also a dynamic user's `?username=`.
import type { FastifyInstance } from 'fastify';
import { assetInOrg } from '../assets/asset-store.ts';
import { linkedAssetIds } from '../assets/system-user-link-store.ts';
import { authorize, IsOrgAdmin } from '../core/permissions.ts';
import { t } from '../core/lib/i18n.ts';
import { idParam, notFound, readAction } from './asset-task-routes.ts';
import { assetWork } from './asset-work.ts';
import { pushAccounts, pushWork, type PushSystemUser } from './push-work.ts';
import { assetsByIds, findInOrg } from './start-tasks.ts';
import { taskOwner } from './task-access.ts';
import type { LoginAccount } from './targets.ts';

interface SystemUserRow extends LoginAccount, PushSystemUser {
  org_id: string;
}

export function registerSystemUserTaskRoute(app: FastifyInstance): void {
  app.post('/api/v1/assets/system-users/:id/tasks/', async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const action = readAction(request, reply, ['test', 'push']);
    if (!action) return reply;
    const { db, now } = app.bastion;
    const user = findInOrg<SystemUserRow>(db, request.ctx, 'system_users', idParam(request));
    if (!user) return notFound(request, reply);
    const asked = (request.body as { asset?: unknown }).asset;
    const assetId = asked === undefined || asked === null || asked === '' ? null : String(asked);
    if (assetId && !assetInOrg(db, assetId, user.org_id)) {
      return reply.code(400).send({ asset: [t(request.ctx.lang, 'field.invalid_pk', { value: assetId })] });
    }
    const ids = assetId ? [assetId] : linkedAssetIds(db, user.id);
    const assets = assetsByIds(db, ids);
    const owner = taskOwner(request.ctx);
    if (action === 'push') {
      // 2.3 reads `?username=` only for a push to one asset (a dynamic user's one account).
      const only = assetId ? lastQueryValue(request.query, 'username') : undefined;
      const accounts = pushAccounts(db, user, only);
      const name = assetId
        ? `Push system users to asset: ${user.name}(${only || user.username}) => ${assets[0].hostname}(${assets[0].ip})`
        : `Push system users to assets: ${user.name}`;
      const job = {
        kind: 'push' as const,
        system_user: user.id,
        assets: assets.map((asset) => asset.id),
        ...(only ? { username: only } : {}),
      };
      return reply.code(201).send({ task: app.tasks.submit(name, owner, pushWork(db, assets, accounts), job) });
    }
    const who = `${user.name}(${user.username})`;
    // JumpServer's task names; an asset prints as "hostname(ip)".
    const name = assetId
      ? `Test system user connectivity: ${who} => ${assets[0].hostname}(${assets[0].ip})`
      : `Test system user connectivity: ${who}`;
    const job = { kind: 'system_user_test' as const, system_user: user.id, assets: assets.map((asset) => asset.id) };
    return reply.code(201).send({ task: app.tasks.submit(name, owner, assetWork(db, now, 'test', assets, user), job) });
  });
}

function lastQueryValue(query: unknown, name: string): string | undefined {
  const raw = (query as Record<string, unknown>)[name];
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  return typeof value === 'string' && value ? value : undefined;
}
