// Ticket mail through the configured SMTP server (the stored EMAIL_* settings, real nodemailer as the
// mail test does): the assignees when a ticket opens, the requester when it is approved or rejected.
// Sent after the write committed and never awaited by the request: a slow or failing mail server does not
// hold or undo the ticket. The host passes the outbound allow-list first. No EMAIL_HOST, no mail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import type { DB } from '../core/db/open.ts';
import { pick, type Lang } from '../core/lib/i18n.ts';
import { resolveAllowed, type TargetPolicy } from '../../shared/allowed-targets.ts';
import { MAIL_TIMEOUTS } from '../settings/mail-testing.ts';
import type { Settings } from '../core/context.ts';
import { emailsOf as userEmails } from '../users/user-store.ts';
import { TICKET_TEXT } from './messages.ts';
import { assigneeUserIds, mailTicket, type MailTicket } from './ticket-store.ts';

const policies = new WeakMap<FastifyInstance, TargetPolicy>();
/** Mails in flight per app (tests wait for them; closing the app does not cut them). */
const inFlight = new WeakMap<FastifyInstance, Set<Promise<void>>>();

export function configureTicketMail(app: FastifyInstance, policy: TargetPolicy): void {
  policies.set(app, policy);
  inFlight.set(app, new Set());
}

/** Resolves once every ticket mail started so far has been handed over or has failed. */
export async function ticketMailsSettled(app: FastifyInstance): Promise<void> {
  await Promise.all([...(inFlight.get(app) ?? [])]);
}

async function deliver(
  settings: Settings,
  policy: TargetPolicy,
  to: string[],
  subject: string,
  text: string,
): Promise<void> {
  const host = String(settings.get('EMAIL_HOST') ?? '').trim();
  if (!host || !to.length) return;
  const user = String(settings.get('EMAIL_HOST_USER') ?? '');
  const password = String(settings.get('EMAIL_HOST_PASSWORD') ?? '');
  const address = await resolveAllowed(host, policy);
  const transport = nodemailer.createTransport({
    host: address,
    port: Number(settings.get('EMAIL_PORT') ?? 25) || 25,
    secure: settings.get('EMAIL_USE_SSL') === true,
    requireTLS: settings.get('EMAIL_USE_TLS') === true,
    auth: user ? { user, pass: password } : undefined,
    tls: { servername: host },
    ...MAIL_TIMEOUTS,
  });
  try {
    const prefix = String(settings.get('EMAIL_SUBJECT_PREFIX') ?? '');
    await transport.sendMail({
      from: String(settings.get('EMAIL_FROM') || user),
      to,
      subject: `${prefix}${subject}`,
      text,
    });
  } finally {
    transport.close();
  }
}

function send(request: FastifyRequest, to: string[], subject: string, text: string): void {
  const app = request.server;
  const policy = policies.get(app);
  const pending = inFlight.get(app);
  if (!policy || !pending) return;
  const job = deliver(app.bastion.settings, policy, to, subject, text).catch((error: Error) => {
    // The ticket stands either way; the server log says why its mail did not go.
    request.log.warn({ err: error }, 'ticket mail not sent');
  });
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

function detailUrl(settings: Settings, ticket: MailTicket): string {
  const site = String(settings.get('SITE_URL') ?? '').replace(/\/+$/, '');
  const path =
    ticket.type === 'request_asset'
      ? `tickets/tickets/request-asset-perm/${ticket.id}`
      : `tickets/tickets/${ticket.id}`;
  return `${site}/ui/#/${path}`;
}

const emailsOf = (db: DB, ids: string[]) => (ids.length ? userEmails(db, ids) : []);

/** "New ticket" to its assignees. */
export function mailAssignees(request: FastifyRequest, ticketId: string, lang: Lang): void {
  const { db, settings } = request.server.bastion;
  const ticket = mailTicket(db, ticketId);
  if (!ticket) return;
  const ids = assigneeUserIds(db, ticketId);
  send(
    request,
    emailsOf(db, ids),
    pick(lang, TICKET_TEXT.newTicketSubject, { title: ticket.title }),
    pick(lang, TICKET_TEXT.newTicketBody, { body: ticket.body, url: detailUrl(settings, ticket) }),
  );
}

/** "Your ticket has been replied" to its requester, once approved or rejected. */
export function mailRequester(request: FastifyRequest, ticketId: string, lang: Lang): void {
  const { db, settings } = request.server.bastion;
  const ticket = mailTicket(db, ticketId);
  if (!ticket?.user) return;
  const status = pick(
    lang,
    ticket.action === 'approve'
      ? TICKET_TEXT.approved
      : ticket.action === 'reject'
        ? TICKET_TEXT.rejected
        : TICKET_TEXT.close,
  );
  send(
    request,
    emailsOf(db, [ticket.user]),
    pick(lang, TICKET_TEXT.repliedSubject, { title: ticket.title }),
    pick(lang, TICKET_TEXT.repliedBody, {
      title: ticket.title,
      assignee: ticket.assignee_display,
      status,
      url: detailUrl(settings, ticket),
    }),
  );
}
