// Fields and hooks both ticket definitions share (tickets/ and tickets/request-asset-perm/).
import { computed, idField, L, readOnly } from '../engine/field-kit.ts';
import { userLabel } from '../core/operate-log-store.ts';
import type { FieldDef, HookArgs, Row } from '../engine/types.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { orgName } from '../orgs/org-store.ts';
import { assigneesOf } from './ticket-store.ts';

export const TYPE_CHOICES = [
  { value: 'general', label: L('一般', 'General') },
  { value: 'login_confirm', label: L('登录复核', 'Login confirm') },
  { value: 'request_asset', label: L('申请资产', 'Request asset permission') },
];
export const STATUS_CHOICES = [
  { value: 'open', label: L('开启', 'Open') },
  { value: 'closed', label: L('关闭', 'Closed') },
];
export const ACTION_CHOICES = [
  { value: '', label: L('', '') },
  { value: 'approve', label: L('批准', 'Approve') },
  { value: 'reject', label: L('拒绝', 'Reject') },
];

/** The read-only part every ticket shows. */
export const commonTicketFields = (): Record<string, FieldDef> => ({
  id: idField(),
  user: readOnly('string', '用户', 'User'),
  user_display: readOnly('string', '用户', 'User'),
  assignees_display: readOnly('string', '受理人', 'Assignees display name'),
  assignee: readOnly('string', '处理人', 'Assignee'),
  assignee_display: readOnly('string', '处理人', 'Assignee display name'),
  type: { type: 'choice', label: L('类型', 'Type'), read_only: true, choices: TYPE_CHOICES },
  date_created: readOnly('datetime', '创建日期', 'Date created'),
  date_updated: readOnly('datetime', '更新日期', 'Date updated'),
});

export const assigneesField = (required: boolean): FieldDef => ({
  type: 'list',
  label: L('受理人', 'Assignees'),
  column: false,
  relation: '/api/v1/users/users/',
  required,
  read_only: !required,
});

export const orgNameField = (): FieldDef => computed('string', '组织名称', 'Organization name');

/** beforeCreate: id, the requester and the timestamps (whatever the body said). */
export function stampTicket({ ctx, now }: HookArgs, data: Row): void {
  data.id = uuid();
  data.user = ctx.user.id;
  data.user_display = userLabel(ctx.user);
  data.status = 'open';
  data.action = '';
  data.date_created = isoAt(now);
  data.date_updated = isoAt(now);
}

/** serialize: assignees and the org's name (org_id as stored: '' for DEFAULT). */
export function serializeCommon({ db }: HookArgs, row: Row, out: Row): void {
  out.assignees = assigneesOf(db, String(row.id));
  const orgId = String(row.org_id ?? '');
  out.org_id = orgId;
  out.org_name = orgId ? (orgName(db, orgId) ?? '') : 'DEFAULT';
}
