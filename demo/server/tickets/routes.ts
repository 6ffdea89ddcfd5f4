// The Tickets section (§2.8): the two ticket definitions, a ticket's comments, a request ticket's actions
// and the assignees an org offers. Registered here rather than in RESOURCES: tickets are not created,
// changed or deleted the generic way (test/server/tickets-*.test.ts cover them; the fuzz suites list them).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsValidUser } from '../core/permissions.ts';
import { recordOperation } from '../core/operate-log-store.ts';
import { notFound } from '../engine/guard.ts';
import { paginated, pageOf } from '../engine/paging.ts';
import { singleValues } from '../engine/query-params.ts';
import type { HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { coerceField } from '../engine/fields.ts';
import { registerResource } from '../engine/routes.ts';
import { findOne } from '../engine/write.ts';
import { pick, t } from '../core/lib/i18n.ts';
import { formatDateTime } from '../core/lib/time.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { requestAssetPermTicketsResource } from './resources/request-asset-perm-tickets.ts';
import { ticketsResource } from './resources/tickets.ts';
import { L } from '../engine/field-kit.ts';
import { configureTicketMail } from './mail.ts';
import { TICKET_TEXT } from './messages.ts';
import { approve, close, reject, send, type TicketHandler } from './request-actions.ts';
import { usersByIds } from '../users/user-store.ts';
import { addComment, commentById, commentOf, commentsOf } from './ticket-store.ts';
import { assigneeIds, isAssignee, isRequester } from './who.ts';

export const TICKET_RESOURCES: readonly ResourceDef[] = [requestAssetPermTicketsResource, ticketsResource];

const COMMENT_BODY = {
  type: 'string' as const,
  label: L('内容', 'Body'),
  required: true,
  multiline: true,
  max_length: 10_000,
};

function argsOf(request: FastifyRequest, reply: FastifyReply): HookArgs | null {
  if (!authorize(request, reply, IsValidUser)) return null;
  return { db: request.server.bastion.db, ctx: request.ctx, request, now: request.server.bastion.now() };
}

/** The ticket of the path if the caller may read it; else a 404 has been sent. */
function ticketOf(args: HookArgs, def: ResourceDef, reply: FastifyReply): Row | null {
  const id = String((args.request.params as { id: string }).id);
  const row = findOne(args, def, id);
  if (!row) notFound(args, reply, def);
  return row;
}

function commentShape(args: HookArgs, row: Row): Row {
  return {
    id: row.id,
    ticket: row.ticket_id,
    body: row.body,
    user: row.user,
    user_display: row.user_display,
    date_created: formatDateTime(String(row.date_created), args.ctx.tz),
    date_updated: formatDateTime(String(row.date_updated), args.ctx.tz),
  };
}

export function registerTicketRoutes(app: FastifyInstance, opts: { policy: TargetPolicy }): void {
  configureTicketMail(app, opts.policy);
  // Static paths (request-asset-perm/, assignees/) win over `tickets/:id/` in the router.
  for (const def of TICKET_RESOURCES) registerResource(app, def);

  const comments = `${ticketsResource.url}:id/comments/`;
  app.get(comments, (request, reply) => {
    const args = argsOf(request, reply);
    const ticket = args && ticketOf(args, ticketsResource, reply);
    if (!args || !ticket) return reply;
    const rows: Row[] = commentsOf(args.db, ticket.id);
    const page = pageOf(request.query as Record<string, unknown>);
    const shaped = rows.map((row) => commentShape(args, row));
    return page ? paginated(request, page, shaped.length, shaped.slice(page.offset, page.offset + page.limit)) : shaped;
  });
  app.get(`${comments}:pk/`, (request, reply) => {
    const args = argsOf(request, reply);
    const ticket = args && ticketOf(args, ticketsResource, reply);
    if (!args || !ticket) return reply;
    const row: Row | undefined = commentOf(args.db, ticket.id, (request.params as { pk: string }).pk);
    return row ? commentShape(args, row) : reply.code(404).send({ detail: t(args.ctx.lang, 'request.not_found') });
  });
  app.post(comments, (request, reply) => {
    const args = argsOf(request, reply);
    const ticket = args && ticketOf(args, ticketsResource, reply);
    if (!args || !ticket) return reply;
    // The thread is the requester's and the assignees'; an org admin reading along does not post in it.
    if (!isRequester(ticket, args.ctx.user) && !isAssignee(args.db, String(ticket.id), args.ctx.user.id)) {
      return reply.code(403).send({ detail: pick(args.ctx.lang, TICKET_TEXT.onlyAssignee) });
    }
    if (ticket.status === 'closed') return reply.code(400).send({ detail: pick(args.ctx.lang, TICKET_TEXT.closed) });
    const raw =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Row).body
        : undefined;
    const body = coerceField(COMMENT_BODY, raw, args.ctx.lang);
    if (!body.ok) return reply.code(400).send({ body: [body.error] });
    const id = args.db.transaction(() => {
      const made = addComment(args.db, String(ticket.id), args.ctx.user, String(body.value), args.now);
      recordOperation(ticketsResource, args, 'update', ticket);
      return made;
    })();
    return reply.code(201).send(commentShape(args, commentById(args.db, id)));
  });

  const base = requestAssetPermTicketsResource.url;
  const action = (name: string, handler: TicketHandler) =>
    app.post(`${base}:id/${name}/`, (request, reply) => {
      const args = argsOf(request, reply);
      const ticket = args && ticketOf(args, requestAssetPermTicketsResource, reply);
      if (!args || !ticket) return reply;
      return send(reply, handler(args, ticket));
    });
  action('approve', approve);
  action('reject', reject);
  action('close', close);

  // The org's possible assignees for the caller's request (the form's picker); `search` over name/username.
  app.get(`${base}assignees/`, (request, reply) => {
    const args = argsOf(request, reply);
    if (!args) return reply;
    const query = singleValues(request.query as Record<string, unknown>);
    const raw = (query.org_id ?? '').trim();
    const orgId = !raw || raw.toUpperCase() === 'DEFAULT' ? '' : raw;
    const ids = assigneeIds(args.db, orgId, args.ctx.user.id);
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
    const rows = (usersByIds(args.db, ids) as Row[]).filter((row) =>
      words.every((word) => `${String(row.name)} ${String(row.username)}`.toLowerCase().includes(word)),
    );
    const page = pageOf(request.query as Record<string, unknown>);
    return page ? paginated(request, page, rows.length, rows.slice(page.offset, page.offset + page.limit)) : rows;
  });
}
