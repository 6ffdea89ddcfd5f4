// /api/v1/tickets/tickets/request-asset-perm/ (§2.8): a user asks for assets of one org for a while; the
// org's admins named as assignees confirm the assets and the system user (and may set the actions and the
// window), which freezes what they confirmed; then approve (the permission is made from that, by
// tickets/request-actions.ts), reject or close. The requester changing the request undoes the
// confirmation (tickets/confirmation.ts). Who sees what: tickets/who.ts.
import { isIP } from 'node:net';
import { everyAction, IsValidUser } from '../../core/permissions.ts';
import { computed, L, mergeErrors, noteField, readOnly } from '../../engine/field-kit.ts';
import type { FieldDef, HookArgs, Refusal, ResourceDef, Row } from '../../engine/types.ts';
import { pick, t } from '../../core/lib/i18n.ts';
import { formatDateTime } from '../../core/lib/time.ts';
import { ACTION_NAMES, actionNames, actionsMask } from '../../perms/actions.ts';
import { assetIdsInOrg, assetsMatching } from '../../assets/asset-store.ts';
import { systemUserIdsInOrg, systemUsersNamed, systemUsersWithUsername } from '../../assets/system-user-store.ts';
import { existingOrgId } from '../../orgs/org-store.ts';
import { builtinAdminId } from '../../users/user-store.ts';
import {
  ACTION_CHOICES,
  assigneesField,
  commonTicketFields,
  orgNameField,
  serializeCommon,
  stampTicket,
  STATUS_CHOICES,
  TYPE_CHOICES,
} from '../fields.ts';
import { mailAssignees } from '../mail.ts';
import { TICKET_TEXT } from '../messages.ts';
import { setAssignees } from '../ticket-store.ts';
import { CONFIRMED_FIELDS, freezeConfirmation, REQUEST_FIELDS, resetConfirmation } from '../confirmation.ts';
import { assigneeIds, isAssignee, isRequester, ticketScope } from '../who.ts';
import { setTicketActions, ticketRequester } from '../ticket-store.ts';

const ACTION_LABELS: Record<string, [string, string]> = {
  all: ['全部', 'All'],
  connect: ['连接', 'Connect'],
  upload_file: ['上传文件', 'Upload file'],
  download_file: ['下载文件', 'Download file'],
  updownload: ['上传下载', 'Upload download'],
  clipboard_copy: ['剪贴板复制', 'Clipboard copy'],
  clipboard_paste: ['剪贴板粘贴', 'Clipboard paste'],
  clipboard_copy_paste: ['剪贴板复制粘贴', 'Clipboard copy paste'],
};
const text = (zh: string, en: string, max: number): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  max_length: max,
  allow_blank: true,
  default: '',
});
/** Set by the requester only; an assignee's values for them are ignored. */
const REQUESTER_FIELDS = ['title', 'assignees', 'ips', 'hostname', 'system_user', 'comment'];
/** Set by assignees only (2.3 drops them from anyone else's body). */
const ASSIGNEE_FIELDS = ['confirmed_assets', 'confirmed_system_user'];

const msg = (args: HookArgs, key: keyof typeof TICKET_TEXT, params: Record<string, string> = {}) =>
  pick(args.ctx.lang, TICKET_TEXT[key], params);

/** The org_id a body names, as stored ('' for DEFAULT), or null when there is no such org. */
function orgOf(args: HookArgs, raw: unknown): string | null {
  const value = String(raw ?? '').trim();
  if (value === '' || value.toUpperCase() === 'DEFAULT') return '';
  return existingOrgId(args.db, value) ?? null;
}

/** `{field: [...]}` for ids of assets or system users (`table`) not in the ticket's org. */
function outsideOrg(
  args: HookArgs,
  table: 'assets' | 'system_users',
  field: string,
  ids: string[],
  orgId: string,
): Record<string, string[]> | null {
  const inOrg = new Set(
    table === 'assets' ? assetIdsInOrg(args.db, ids, orgId) : systemUserIdsInOrg(args.db, ids, orgId),
  );
  const bad = ids.filter((id) => !inOrg.has(id));
  return bad.length ? { [field]: bad.map((value) => msg(args, 'notInOrg', { value: value.slice(0, 64) })) } : null;
}

function validateRequest(args: HookArgs, data: Row, existing: Row | null): Record<string, string[]> | null {
  const { user } = args.ctx;
  if (existing) {
    const assignee = isAssignee(args.db, String(existing.id), user.id);
    if (!assignee) for (const name of ASSIGNEE_FIELDS) delete data[name];
    if (!isRequester(existing, user)) for (const name of REQUESTER_FIELDS) delete data[name];
    // A ticket stays in the org it was asked in: its assignees and confirmations are that org's.
    delete data.org_id;
  } else {
    for (const name of ASSIGNEE_FIELDS) delete data[name];
  }
  let orgId = existing ? String(existing.org_id) : '';
  const errors: Record<string, string[]>[] = [];
  if (!existing && data.org_id !== undefined) {
    const found = orgOf(args, data.org_id);
    if (found === null) errors.push({ org_id: [msg(args, 'invalidOrg')] });
    else data.org_id = orgId = found;
  }
  if (Array.isArray(data.ips)) {
    const bad = data.ips.find((ip) => typeof ip !== 'string' || !isIP(ip));
    if (bad !== undefined) errors.push({ ips: [t(args.ctx.lang, 'field.invalid_ip')] });
  }
  if (Array.isArray(data.assignees) && !errors.some((e) => e.org_id)) {
    const allowed = new Set(assigneeIds(args.db, orgId, existing ? String(existing.user) : user.id));
    if (!data.assignees.length || data.assignees.some((id) => !allowed.has(String(id))))
      errors.push({ assignees: [msg(args, 'badAssignees')] });
  }
  if (Array.isArray(data.confirmed_assets))
    errors.push(outsideOrg(args, 'assets', 'confirmed_assets', data.confirmed_assets.map(String), orgId) ?? {});
  if (typeof data.confirmed_system_user === 'string' && data.confirmed_system_user) {
    errors.push(outsideOrg(args, 'system_users', 'confirmed_system_user', [data.confirmed_system_user], orgId) ?? {});
  }
  const start = data.date_start !== undefined ? data.date_start : existing?.date_start;
  const end = data.date_expired !== undefined ? data.date_expired : existing?.date_expired;
  if (start && end && String(end) <= String(start)) errors.push({ date_expired: [msg(args, 'windowOrder')] });
  return mergeErrors(...errors);
}

function refuseChange(args: HookArgs, row: Row): Refusal | null {
  if (row.status === 'closed') return { status: 400, body: { detail: msg(args, 'closed') } };
  if (!isRequester(row, args.ctx.user) && !isAssignee(args.db, String(row.id), args.ctx.user.id)) {
    return { status: 403, body: { detail: t(args.ctx.lang, 'auth.forbidden') } };
  }
  return null;
}

/**
 * After a change: an assignee's confirmation is frozen as the ticket now stands; the requester's change to
 * the request undoes any confirmation (tickets/confirmation.ts). Approval grants only what is frozen.
 */
function settleConfirmation(args: HookArgs, id: string, data: Row): void {
  const sent = (names: string[]) => names.some((name) => name in data);
  const requester = ticketRequester(args.db, id);
  if (isAssignee(args.db, id, args.ctx.user.id)) {
    if (sent(CONFIRMED_FIELDS)) freezeConfirmation(args.db, id);
  } else if (requester === args.ctx.user.id && sent(REQUEST_FIELDS)) resetConfirmation(args.db, id);
}

/** The request as readable text (2.3's body, lines instead of <br>): what the assignees' mail shows. */
function requestBody(args: HookArgs, data: Row): string {
  const when = (value: unknown) => formatDateTime(value ? String(value) : null, args.ctx.tz) ?? '';
  return [
    `${msg(args, 'type')}: ${pick(args.ctx.lang, TYPE_CHOICES[2].label)}`,
    `${msg(args, 'user')}: ${String(data.user_display)}`,
    `${msg(args, 'ipGroup')}: ${(Array.isArray(data.ips) ? data.ips : []).join(', ')}`,
    `${msg(args, 'hostname')}: ${String(data.hostname ?? '')}`,
    `${msg(args, 'systemUser')}: ${String(data.system_user ?? '')}`,
    `${msg(args, 'dateStart')}: ${when(data.date_start)}`,
    `${msg(args, 'dateExpired')}: ${when(data.date_expired)}`,
  ].join('\n');
}

/** Up to len(ips)+2 (else 5) assets of the ticket's org matching its addresses or hostname, for an assignee. */
function suggestedAssets(args: HookArgs, row: Row): string[] {
  const ips = JSON.parse(String(row.ips ?? '[]')) as string[];
  const hostname = String(row.hostname ?? '');
  if (!ips.length && !hostname) return [];
  return assetsMatching(args.db, String(row.org_id), ips, hostname, ips.length ? ips.length + 2 : 5);
}

/**
 * The system user the requester named (free text), for an assignee: the ticket org's one of that name,
 * else the only one of that username; '' when none or several match. Without it an assignee had to pick
 * the requested system user again before accepting.
 */
function suggestedSystemUser(args: HookArgs, row: Row): string {
  const asked = String(row.system_user ?? '').trim();
  if (!asked) return '';
  const org = String(row.org_id);
  const named = systemUsersNamed(args.db, org, asked);
  if (named.length === 1) return named[0];
  const users = systemUsersWithUsername(args.db, org, asked);
  return users.length === 1 ? users[0] : '';
}

export const requestAssetPermTicketsResource: ResourceDef = {
  name: 'Request Asset Perm Ticket List',
  model: L('工单', 'Ticket'),
  url: '/api/v1/tickets/tickets/request-asset-perm/',
  table: 'tickets',
  fields: {
    ...commonTicketFields(),
    title: { type: 'string', label: L('标题', 'Title'), required: true, max_length: 256 },
    org_id: { type: 'string', label: L('组织', 'Organization'), required: true, max_length: 64, allow_blank: true },
    assignees: assigneesField(true),
    ips: { type: 'list', label: L('IP组', 'IP group'), default: [] },
    hostname: text('主机名', 'Hostname', 256),
    system_user: text('系统用户', 'System user', 256),
    date_start: { type: 'datetime', label: L('开始日期', 'Date start'), allow_null: true },
    date_expired: { type: 'datetime', label: L('失效日期', 'Date expired'), allow_null: true },
    actions: {
      type: 'list',
      label: L('动作', 'Actions'),
      column: false,
      default: ['connect'],
      child_choices: ACTION_NAMES.map((name) => ({ value: name, label: L(...ACTION_LABELS[name]) })),
    },
    confirmed_assets: {
      type: 'list',
      label: L('确认的资产', 'Confirmed assets'),
      default: [],
      relation: '/api/v1/assets/assets/',
    },
    confirmed_system_user: {
      ...text('确认的系统用户', 'Confirmed system user', 64),
      relation: '/api/v1/assets/system-users/',
    },
    comment: noteField('备注', 'Comment', 1024),
    status: { type: 'choice', label: L('状态', 'Status'), read_only: true, choices: STATUS_CHOICES },
    action: { type: 'choice', label: L('动作', 'Action'), read_only: true, choices: ACTION_CHOICES },
    body: readOnly('string', '内容', 'Body'),
    assets_waitlist_url: computed('string', '资产列表', 'Assets waitlist url'),
    system_user_waitlist_url: computed('string', '系统用户列表', 'System user waitlist url'),
    org_name: orgNameField(),
  },
  searchFields: ['user_display', 'title'],
  filterFields: ['status', 'title', 'action', 'user_display', 'org_id'],
  orderingFields: ['title', 'user_display', 'status', 'date_created'],
  defaultOrder: ['-date_created'],
  fieldsMini: ['id', 'title'],
  permissions: everyAction(IsValidUser),
  actions: ['list', 'retrieve', 'create', 'update'],
  scope: (args) => {
    const visible = ticketScope(args);
    return { sql: `type = 'request_asset' AND (${visible.sql})`, params: visible.params };
  },
  hooks: {
    validate: validateRequest,
    refuseObject: (args, row, action) => (action === 'update' ? refuseChange(args, row) : null),
    beforeCreate: (args, data) => {
      stampTicket(args, data);
      data.type = 'request_asset';
      data.body = requestBody(args, data);
    },
    afterWrite: (args, id, data, mode) => {
      if (Array.isArray(data.actions)) setTicketActions(args.db, id, actionsMask(data.actions.map(String)));
      if (Array.isArray(data.assignees)) setAssignees(args.db, id, data.assignees.map(String));
      if (mode === 'update') settleConfirmation(args, id, data);
    },
    afterCreateCommit: (args, ids) => {
      for (const id of ids) mailAssignees(args.request, id, args.ctx.lang);
    },
    serialize: (args, row, out) => {
      serializeCommon(args, row, out);
      out.actions = actionNames(Number(row.actions));
      const assignee = isAssignee(args.db, String(row.id), args.ctx.user.id);
      const oid = encodeURIComponent(String(row.org_id) || 'DEFAULT');
      const hostname = String(row.hostname ?? '');
      // The lists an assignee picks from, in the ticket's org whatever org the console is in (`oid` wins).
      out.assets_waitlist_url = assignee
        ? `/api/v1/assets/assets/?oid=${oid}${hostname ? `&search=${encodeURIComponent(hostname)}` : ''}`
        : null;
      out.system_user_waitlist_url = assignee ? `/api/v1/assets/system-users/?oid=${oid}` : null;
      if (assignee && row.status === 'open' && !(out.confirmed_assets as unknown[]).length)
        out.confirmed_assets = suggestedAssets(args, row);
      if (assignee && row.status === 'open' && !out.confirmed_system_user)
        out.confirmed_system_user = suggestedSystemUser(args, row);
    },
  },
  sample: ({ db, orgId }) => {
    const admin = builtinAdminId(db);
    const request = (i: number) => ({
      title: `Sample request ${i}`,
      org_id: orgId,
      assignees: [admin],
      ips: ['127.0.0.1'],
      hostname: '',
      system_user: 'root',
      actions: ['connect'],
      comment: `sample ${i}`,
    });
    return { create: [request(1), request(2)], update: { comment: 'updated' } };
  },
};
