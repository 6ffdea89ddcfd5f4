// POST /api/v1/assets/system-users/<id>/tasks/ {action, asset?} (§2.3) → 201 {"task"}: "test" logs in
// to the system user's assets (or the one `asset`) with its own credentials. "push" (creating the
// account on the assets) is not implemented, so only "test" is a valid choice here.
import type { FastifyInstance } from 'fastify';
import { authorize, IsOrgAdmin } from '../auth/permissions.ts';
import { t } from '../lib/i18n.ts';
import { idParam, notFound, readAction } from './asset-task-routes.ts';
import { assetWork } from './asset-work.ts';
import { assetsByIds, findInOrg } from './start-tasks.ts';
import { taskOwner } from './task-access.ts';
import type { LoginAccount } from './targets.ts';

interface SystemUserRow extends LoginAccount { id: string; name: string; org_id: string }

export function registerSystemUserTaskRoute(app: FastifyInstance): void {
  app.post('/api/v1/assets/system-users/:id/tasks/', async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    if (!readAction(request, reply, ['test'])) return reply;
    const { db, now } = app.bastion;
    const user = findInOrg<SystemUserRow>(db, request.ctx, 'system_users', idParam(request), 'id, name, username, password, private_key, org_id');
    if (!user) return notFound(request, reply);
    const asked = (request.body as { asset?: unknown }).asset;
    const assetId = asked === undefined || asked === null || asked === '' ? null : String(asked);
    if (assetId && !db.prepare('SELECT 1 FROM assets WHERE id = ? AND org_id = ?').get(assetId, user.org_id)) {
      return reply.code(400).send({ asset: [t(request.ctx.lang, 'field.invalid_pk', { value: assetId })] });
    }
    const ids = assetId ? [assetId] : db.prepare('SELECT asset_id FROM system_user_assets WHERE system_user_id = ?').pluck().all(user.id) as string[];
    const assets = assetsByIds(db, ids);
    const who = `${user.name}(${user.username})`;
    // JumpServer's task names; an asset prints as "hostname(ip)".
    const name = assetId ? `Test system user connectivity: ${who} => ${assets[0].hostname}(${assets[0].ip})` : `Test system user connectivity: ${who}`;
    const task = app.tasks.submit(name, taskOwner(request.ctx), assetWork(db, now, 'test', assets, user));
    return reply.code(201).send({ task });
  });
}
