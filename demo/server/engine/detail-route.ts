// An action route on one item of a resource (`<def.url><id>/<suffix>`): the caller checked as for `action` on
// the definition (its permission class and refuse hook), the row found in the caller's org, 404 otherwise. The
// handler gets the row; features add their item routes with it (an asset's platform, a storage's test).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { makeGuard, notFound } from './guard.ts';
import type { Action, HookArgs, ResourceDef, Row } from './types.ts';
import { findOne } from './write.ts';

export type DetailHandler = (args: HookArgs, row: Row, request: FastifyRequest, reply: FastifyReply) => unknown;

/** Routes `<def.url><id>/<suffix>` for callers allowed `action` on the definition, with the row found in their org. */
export function detailRoute(app: FastifyInstance, def: ResourceDef, action: Action) {
  const guard = makeGuard(app, def);
  return (handle: DetailHandler) => (request: FastifyRequest, reply: FastifyReply) => {
    const args = guard(action, request, reply);
    if (!args) return reply;
    const row = findOne(args, def, (request.params as { id: string }).id);
    return row ? handle(args, row, request, reply) : notFound(args, reply, def);
  };
}
