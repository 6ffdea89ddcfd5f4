// The actions on a request ticket (§2.8): approve (the asset permission exactly as the assignee confirmed
// it, frozen then — tickets/confirmation.ts — for the requester, in the ticket's org), reject, close. POST
// with an empty body; assignees act, and the requester may close their own open ticket. Every refusal
// writes nothing.
import type { FastifyReply } from 'fastify';
import { recordOperation, userLabel } from '../core/operate-log-store.ts';
import type { Org } from '../core/context.ts';
import { createItem } from '../engine/write.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { pick, t } from '../core/lib/i18n.ts';
import { actionNames } from '../perms/actions.ts';
import { assetHostnames, countAssetsInOrg } from '../assets/asset-store.ts';
import { systemUserInOrg, systemUserLabel } from '../assets/system-user-store.ts';
import { orgName } from '../orgs/org-store.ts';
import { assetPermissionsResource } from '../perms/resources/asset-permissions.ts';
import { ticketsResource } from './resources/tickets.ts';
import { mailRequester } from './mail.ts';
import { TICKET_TEXT } from './messages.ts';
import { performAction, performStatus } from './ticket-store.ts';
import { confirmationOf } from './confirmation.ts';
import { administers, isAssignee, isRequester } from './who.ts';

type Answer = { status: number; body: unknown };
const say = (args: HookArgs, status: number, key: keyof typeof TICKET_TEXT): Answer => ({
  status,
  body: { detail: pick(args.ctx.lang, TICKET_TEXT[key]) },
});
const forbidden = (args: HookArgs): Answer => ({ status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } });

function orgOfTicket(args: HookArgs, orgId: string): Org {
  if (!orgId) return { id: 'DEFAULT', name: 'DEFAULT', kind: 'default' };
  const name = orgName(args.db, orgId) as string;
  return { id: orgId, name, kind: 'real' };
}

/** The lines 2.3 appends to an approval's or rejection's comment: what was asked and what was confirmed. */
function summary(args: HookArgs, ticket: Row): string {
  const m = (key: keyof typeof TICKET_TEXT) => pick(args.ctx.lang, TICKET_TEXT[key]);
  const assets = JSON.parse(String(ticket.confirmed_assets)) as string[];
  const hostnames = assets.length ? assetHostnames(args.db, assets) : [];
  const systemUser = ticket.confirmed_system_user
    ? (systemUserLabel(args.db, String(ticket.confirmed_system_user)) ?? '')
    : '';
  return [
    `${m('ipGroup')}: ${(JSON.parse(String(ticket.ips)) as string[]).join(', ')}`,
    `${m('hostname')}: ${String(ticket.hostname)}`,
    `${m('systemUser')}: ${String(ticket.system_user)}`,
    `${m('confirmedAssets')}: ${hostnames.join(', ')}`,
    `${m('confirmedSystemUser')}: ${systemUser}`,
  ].join('\n');
}

export function approve(args: HookArgs, ticket: Row): Answer {
  if (!isAssignee(args.db, String(ticket.id), args.ctx.user.id)) return forbidden(args);
  if (ticket.status === 'closed') return say(args, 400, 'closed');
  const orgId = String(ticket.org_id);
  // An assignee who has since lost the org's admin role grants nothing in it.
  if (!administers(args.db, args.ctx.user, orgId)) return say(args, 403, 'notOrgAdmin');
  // What the assignee confirmed, as frozen then: never the ticket's fields as they are by now.
  const frozen = confirmationOf(args.db, String(ticket.id));
  if (!frozen)
    return say(args, 400, JSON.parse(String(ticket.confirmed_assets)).length ? 'confirmSystemUser' : 'confirmAssets');
  const confirmed = frozen.assets;
  const found = countAssetsInOrg(args.db, confirmed, orgId);
  if (found !== new Set(confirmed).size) return say(args, 400, 'assetsChanged');
  const systemUser = frozen.system_user;
  if (!systemUserInOrg(args.db, systemUser, orgId)) return say(args, 400, 'systemUserChanged');

  const lang = args.ctx.lang;
  const requester = String(ticket.user_display);
  const permissionArgs: HookArgs = { ...args, ctx: { ...args.ctx, org: orgOfTicket(args, orgId) } };
  const body = {
    name: pick(lang, TICKET_TEXT.permissionName, { user: requester.slice(0, 60), id: String(ticket.id) }),
    users: ticket.user ? [String(ticket.user)] : [],
    assets: confirmed,
    system_users: [systemUser],
    actions: actionNames(frozen.actions),
    is_active: true,
    ...(frozen.date_start ? { date_start: frozen.date_start } : {}),
    ...(frozen.date_expired ? { date_expired: frozen.date_expired } : {}),
    comment: pick(lang, TICKET_TEXT.permissionComment, {
      user: requester,
      assignee: userLabel(args.ctx.user),
      id: String(ticket.id),
    }),
  };
  let answer: Answer = { status: 200, body: { detail: pick(lang, TICKET_TEXT.succeed) } };
  const rollback = new Error('rollback');
  try {
    args.db.transaction(() => {
      const made = createItem(assetPermissionsResource, permissionArgs, body);
      if (!('id' in made)) {
        answer = 'errors' in made ? { status: 400, body: made.errors } : made.refusal;
        throw rollback;
      }
      performAction(args.db, String(ticket.id), 'approve', args.ctx.user, lang, args.now, summary(args, ticket));
      recordOperation(ticketsResource, args, 'update', ticket);
    })();
  } catch (error) {
    if (error !== rollback) throw error;
    return answer;
  }
  mailRequester(args.request, String(ticket.id), lang);
  return answer;
}

export function reject(args: HookArgs, ticket: Row): Answer {
  if (!isAssignee(args.db, String(ticket.id), args.ctx.user.id)) return forbidden(args);
  if (ticket.status === 'closed') return say(args, 400, 'closed');
  args.db.transaction(() => {
    performAction(args.db, String(ticket.id), 'reject', args.ctx.user, args.ctx.lang, args.now, summary(args, ticket));
    recordOperation(ticketsResource, args, 'update', ticket);
  })();
  mailRequester(args.request, String(ticket.id), args.ctx.lang);
  return say(args, 200, 'succeed');
}

export function close(args: HookArgs, ticket: Row): Answer {
  if (!isAssignee(args.db, String(ticket.id), args.ctx.user.id) && !isRequester(ticket, args.ctx.user))
    return forbidden(args);
  if (ticket.status === 'closed') return say(args, 400, 'closed');
  args.db.transaction(() => {
    performStatus(args.db, String(ticket.id), 'closed', args.ctx.user, args.ctx.lang, args.now);
    recordOperation(ticketsResource, args, 'update', ticket);
  })();
  return say(args, 200, 'succeed');
}

export type TicketHandler = (args: HookArgs, ticket: Row) => Answer;
export const send = (reply: FastifyReply, answer: Answer) => reply.code(answer.status).send(answer.body);
