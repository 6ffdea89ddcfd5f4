// /api/v1/tickets/tickets/ (§2.8): every ticket the caller requested or is assigned (`assign=1`: assigned,
// `0`: mine), read across orgs. PATCH `{action: approve|reject}` (assignees) or `{status}` acts on general
// and login-confirmation tickets; a request ticket is acted on through request-asset-perm/. Nothing is
// created or deleted here.
import { everyAction, IsValidUser } from '../../core/permissions.ts';
import { L, readOnly } from '../../engine/field-kit.ts';
import type { HookArgs, Refusal, ResourceDef, Row } from '../../engine/types.ts';
import { pick } from '../../core/lib/i18n.ts';
import { t } from '../../core/lib/i18n.ts';
import {
  ACTION_CHOICES,
  assigneesField,
  commonTicketFields,
  orgNameField,
  serializeCommon,
  STATUS_CHOICES,
} from '../fields.ts';
import { mailRequester } from '../mail.ts';
import { TICKET_TEXT } from '../messages.ts';
import { performAction, performStatus } from '../ticket-store.ts';
import { isAssignee, isRequester, ticketScope } from '../who.ts';

const detail = (args: HookArgs, status: number, text: keyof typeof TICKET_TEXT): Refusal => ({
  status,
  body: { detail: pick(args.ctx.lang, TICKET_TEXT[text]) },
});

/** Why the caller may not change this ticket (2.3's order of checks), or null. */
function refuseChange(args: HookArgs, row: Row): Refusal | null {
  if (row.type === 'request_asset') return detail(args, 400, 'cannotOperate');
  if (row.status === 'closed') return detail(args, 400, 'closed');
  const body = (args.request.body && typeof args.request.body === 'object' ? args.request.body : {}) as Row;
  const assignee = isAssignee(args.db, String(row.id), args.ctx.user.id);
  if (body.action && !assignee) return detail(args, 400, 'onlyAssignee');
  if (!assignee && !isRequester(row, args.ctx.user))
    return { status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } };
  return null;
}

export const ticketsResource: ResourceDef = {
  name: 'Ticket List',
  model: L('工单', 'Ticket'),
  url: '/api/v1/tickets/tickets/',
  table: 'tickets',
  fields: {
    ...commonTicketFields(),
    title: readOnly('string', '标题', 'Title'),
    body: readOnly('string', '内容', 'Body'),
    assignees: assigneesField(false),
    status: { type: 'choice', label: L('状态', 'Status'), choices: STATUS_CHOICES },
    action: { type: 'choice', label: L('动作', 'Action'), choices: ACTION_CHOICES, allow_blank: true },
    comment: readOnly('string', '备注', 'Comment'),
    org_name: orgNameField(),
  },
  searchFields: ['user_display', 'title'],
  filterFields: ['status', 'title', 'action', 'user_display', 'type'],
  orderingFields: ['title', 'user_display', 'status', 'type', 'date_created'],
  defaultOrder: ['-date_created'],
  fieldsMini: ['id', 'title'],
  permissions: everyAction(IsValidUser),
  actions: ['list', 'retrieve', 'update'],
  scope: ticketScope,
  hooks: {
    refuseObject: (args, row, action) => (action === 'update' ? refuseChange(args, row) : null),
    afterWrite: (args, id, data) => {
      const lang = args.ctx.lang;
      if (data.action === 'approve' || data.action === 'reject')
        performAction(args.db, id, data.action, args.ctx.user, lang, args.now);
      else if (data.status === 'open' || data.status === 'closed')
        performStatus(args.db, id, data.status, args.ctx.user, lang, args.now);
    },
    afterResponse: (args, data, out) => {
      if (data.action === 'approve' || data.action === 'reject')
        mailRequester(args.request, String(out.id), args.ctx.lang);
    },
    serialize: serializeCommon,
  },
  sample: () => ({ create: [], update: { status: 'closed' } }),
};
