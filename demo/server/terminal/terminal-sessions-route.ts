// GET /api/v1/terminal/terminals/<terminal id>/sessions/ (2.3's nested route): the sessions list narrowed to
// one terminal, with every filter, paging and permission of sessions/.
import type { FastifyInstance } from 'fastify';
import { makeGuard } from '../engine/guard.ts';
import { listRows } from '../engine/list.ts';
import { paginated } from '../engine/paging.ts';
import { readOptions, serializeRow } from '../engine/serialize.ts';
import { terminalSessionsResource } from './resources/terminal-sessions.ts';

export function registerTerminalSessionsRoute(app: FastifyInstance): void {
  const guard = makeGuard(app, terminalSessionsResource);
  app.get('/api/v1/terminal/terminals/:id/sessions/', (request, reply) => {
    const args = guard('list', request, reply);
    if (!args) return reply;
    const query = {
      ...(request.query as Record<string, string>),
      terminal: String((request.params as { id: string }).id),
    };
    const { rows, page, count } = listRows(terminalSessionsResource, args, query);
    const results = rows.map((row) => serializeRow(terminalSessionsResource, args, row, readOptions('list', query)));
    return page ? paginated(request, page, count, results) : results;
  });
}
