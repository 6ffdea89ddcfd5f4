// GET /api/v1/terminal/commands/<id>/ (2.3's CommandViewSet detail): one command of the current org, for
// the callers of the list. Commands are written once: PUT/PATCH/DELETE answer 405 with the reason
// (audits/append-only.ts registers the DELETE), where 2.3's ModelViewSet would have edited the record.
import type { FastifyInstance } from 'fastify';
import { authorize, IsSessionReader } from '../core/permissions.ts';
import type { AuthedCtx } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { commandInOrg } from './command-list-store.ts';
import { commandsResource } from './resources/commands.ts';
import { serializeCommand } from './command-routes.ts';

export function registerCommandDetailRoute(app: FastifyInstance): void {
  app.get(`${commandsResource.url}:id/`, (request, reply) => {
    if (!authorize(request, reply, IsSessionReader)) return reply;
    const { db, now } = app.bastion;
    const org = request.ctx.org;
    const row = commandInOrg(db, (request.params as { id: string }).id, org.kind === 'root' ? null : storedOrgId(org));
    if (!row)
      return reply.code(404).send({
        detail: t(request.ctx.lang, 'request.object_not_found', { model: commandsResource.model[request.ctx.lang] }),
      });
    return serializeCommand({ db, ctx: request.ctx as AuthedCtx, request, now: now() }, row);
  });
}
