// Task-starting endpoints of the Assets section (§2.3): asset, admin user and node tasks answer
// `{"task": "<id>"}` at once; the work runs in the task runner.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsOrgAdmin } from '../core/permissions.ts';
import { t } from '../core/lib/i18n.ts';
import type { AssetAction } from './asset-work.ts';
import { taskOwner } from './task-access.ts';
import {
  assetsByIds,
  assetsOfAdminUser,
  assetsUnderNode,
  assetTaskName,
  findInOrg,
  nodeTaskName,
  startAssetTask,
} from './start-tasks.ts';

const ASSETS = '/api/v1/assets';

export function registerAssetTaskRoutes(app: FastifyInstance): void {
  app.post(`${ASSETS}/assets/:id/tasks/`, async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const action = readAction(request, reply, ['refresh', 'test']);
    if (!action) return reply;
    const asset = findInOrg<{ id: string; hostname: string }>(app.bastion.db, request.ctx, 'assets', idParam(request));
    if (!asset) return notFound(request, reply);
    const task = startAssetTask(
      app,
      assetTaskName(action as AssetAction, asset.hostname),
      action as AssetAction,
      assetsByIds(app.bastion.db, [asset.id]),
      taskOwner(request.ctx),
    );
    return reply.code(201).send({ task });
  });

  app.get(`${ASSETS}/admin-users/:id/connective/`, async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const admin = findInOrg<{ id: string; name: string }>(app.bastion.db, request.ctx, 'admin_users', idParam(request));
    if (!admin) return notFound(request, reply);
    const task = startAssetTask(
      app,
      `Test admin user connectivity: ${admin.name}`,
      'test',
      assetsOfAdminUser(app.bastion.db, admin.id),
      taskOwner(request.ctx),
    );
    return { task };
  });

  app.post(`${ASSETS}/nodes/:id/tasks/`, async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const action = readAction(request, reply, ['refresh', 'test', 'refresh_cache']);
    if (!action) return reply;
    const node = findInOrg<{ key: string; value: string }>(app.bastion.db, request.ctx, 'nodes', idParam(request));
    // Our node tree is computed live, so there is no cache to rebuild (Lina sends the zero UUID).
    if (!node && action === 'refresh_cache') return reply.code(201).send({ task: '0' });
    if (!node) return notFound(request, reply);
    // As JumpServer 2.3: any action other than "refresh" on an existing node tests connectivity.
    const work: AssetAction = action === 'refresh' ? 'refresh' : 'test';
    const task = startAssetTask(
      app,
      nodeTaskName(work, node.value),
      work,
      assetsUnderNode(app.bastion.db, node.key),
      taskOwner(request.ctx),
    );
    return reply.code(201).send({ task });
  });
}

export const idParam = (request: FastifyRequest): string => (request.params as { id: string }).id;

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
}

/** The `action` choice of the body, or a 400 in DRF's field-error shape. */
export function readAction(request: FastifyRequest, reply: FastifyReply, choices: string[]): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const action = body && typeof body === 'object' ? body.action : undefined;
  if (action === undefined || action === null || action === '') {
    reply.code(400).send({ action: [t(request.ctx.lang, 'field.required')] });
    return null;
  }
  if (typeof action !== 'string' || !choices.includes(action)) {
    reply.code(400).send({ action: [t(request.ctx.lang, 'field.invalid_choice', { value: String(action) })] });
    return null;
  }
  return action;
}
