// 2.3's terminal router registers sessions/ and status/ a second time under an optional
// `terminals/<terminal id>/` prefix, keeps status/ (a terminal's heartbeats) as a list, and serves the
// terminals list at v2 as well as v1. Those addresses answer here as the main ones do (engine/route-alias.ts),
// narrowed to the terminal of the path where 2.3 narrows them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsOrgAdminOrAppUser } from '../core/permissions.ts';
import { pageOf, paginated } from '../engine/paging.ts';
import { t } from '../core/lib/i18n.ts';
import { aliasRoute, forward } from '../engine/route-alias.ts';
import { terminalOfSession } from './session-store.ts';
import { liveTerminalExists, reportingTerminalIds } from './terminal-store.ts';

const T = '/api/v1/terminal';
type Params = { id: string; pk?: string };

export function registerTerminalAddresses(app: FastifyInstance): void {
  const { db } = app.bastion;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });

  // One session of one terminal: 404 when the session is another terminal's, as 2.3's narrowed queryset.
  const sessionOf = (suffix: string) => (request: FastifyRequest, reply: FastifyReply) => {
    const { id, pk } = request.params as Params;
    const terminal = terminalOfSession(db, pk);
    if (terminal !== undefined && terminal !== id) return notFound(request, reply);
    return forward(app, request, reply, `${T}/sessions/${pk}/${suffix}`);
  };
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const)
    app.route({ method, url: `${T}/terminals/:id/sessions/:pk/`, handler: sessionOf('') });
  app.get(`${T}/terminals/:id/sessions/:pk/replay/download/`, sessionOf('replay/download/'));
  aliasRoute(app, `${T}/terminals/:id/sessions/`, ['POST'], () => `${T}/sessions/`);

  // status/: 2.3 keeps each heartbeat (StatusSerializer shows id and terminal); this server keeps a
  // terminal's latest, so each terminal that reported has one row, whose id is the terminal's.
  const statusRows = (terminal?: string) => reportingTerminalIds(db, terminal).map((id) => ({ id, terminal: id }));
  const list = (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsOrgAdminOrAppUser)) return reply;
    const rows = statusRows((request.params as Partial<Params>).id);
    const page = pageOf(request.query as Record<string, unknown>);
    return page ? paginated(request, page, rows.length, rows.slice(page.offset, page.offset + page.limit)) : rows;
  };
  const one = (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsOrgAdminOrAppUser)) return reply;
    const { id, pk } = request.params as Partial<Params>;
    const row = statusRows(pk ?? id).find((status) => !pk || !id || status.terminal === id);
    return row ?? notFound(request, reply);
  };
  app.get(`${T}/status/`, list);
  app.get(`${T}/status/:id/`, one);
  app.get(`${T}/terminals/:id/status/`, list);
  app.get(`${T}/terminals/:id/status/:pk/`, one);
  // A heartbeat is the caller's own terminal's, whatever the path says (2.3 reads request.user.terminal).
  aliasRoute(app, `${T}/status/`, ['POST'], () => `${T}/terminals/status/`);
  aliasRoute(app, `${T}/terminals/:id/status/`, ['POST'], () => `${T}/terminals/status/`);

  // v1 registration's access-key pickup (2.3's TerminalTokenApi, AllowAny): it hands out the key for the
  // one-time token v1 registration cached. This server registers terminals through v2 only, so no such
  // token exists and 2.3's own answers for that case are given.
  app.get(`${T}/terminals/:id/access-key/`, (request, reply) => {
    const terminal = liveTerminalExists(db, (request.params as Params).id);
    return reply.code(401).send(terminal ? 'Token is not valid' : 'May be reject by administrator');
  });

  aliasRoute(app, '/api/v2/terminal/terminals/', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], () => `${T}/terminals/`);
  aliasRoute(
    app,
    '/api/v2/terminal/terminals/:id/',
    ['GET', 'PUT', 'PATCH', 'DELETE'],
    ({ id }) => `${T}/terminals/${id}/`,
  );
}
