// The per-request gate every engine route passes: the definition's permission class for the action,
// then the definition's own refusal hook. Handlers never check roles themselves.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../core/permissions.ts';
import { t } from '../core/lib/i18n.ts';
import type { Action, AuthedCtx, HookArgs, ResourceDef } from './types.ts';

export type Guard = (action: Action, request: FastifyRequest, reply: FastifyReply) => HookArgs | null;

export function makeGuard(app: FastifyInstance, def: ResourceDef): Guard {
  return (action, request, reply) => {
    if (!authorize(request, reply, def.permissions[action])) return null;
    const args: HookArgs = { db: app.bastion.db, ctx: request.ctx as AuthedCtx, request, now: app.bastion.now() };
    const refusal = def.hooks?.refuse?.(args, action);
    if (refusal) {
      reply.code(refusal.status).send(refusal.body);
      return null;
    }
    return args;
  };
}

export function notFound(args: HookArgs, reply: FastifyReply, def: ResourceDef) {
  return reply
    .code(404)
    .send({ detail: t(args.ctx.lang, 'request.object_not_found', { model: def.model[args.ctx.lang] }) });
}
