// /api/v1/audits/password-change-logs/ (§2.9): each password set (core/password-change-log-store.ts). A global
// table showing the current org's members only (2.3 filters `user` by str(member)). List-only; 2.3
// declares no search fields here, so `search` narrows nothing.
import { L, readOnly } from '../../engine/field-kit.ts';
import { everyAction } from '../../core/permissions.ts';
import { IsOrgAdminOrAuditor } from '../audit-permissions.ts';
import { memberColumnClause } from '../org-members-sql.ts';
import type { ResourceDef } from '../../engine/types.ts';

export const passwordChangeLogsResource: ResourceDef = {
  name: 'Password Change Log List',
  model: L('改密日志', 'Password change log'),
  url: '/api/v1/audits/password-change-logs/',
  table: 'password_change_logs',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    user: readOnly('string', '用户', 'User'),
    change_by: readOnly('string', '修改者', 'Change by'),
    remote_addr: readOnly('string', '远端地址', 'Remote addr'),
    datetime: readOnly('datetime', '日期', 'Datetime'),
  },
  filterFields: ['user', 'change_by', 'remote_addr'],
  orderingFields: ['datetime', 'user'],
  defaultOrder: ['-datetime'],
  dateRangeField: 'datetime',
  actions: ['list'],
  permissions: everyAction(IsOrgAdminOrAuditor),
  scope: ({ ctx }) => memberColumnClause(ctx.org, 'user', 'label'),
  sample: () => ({ create: [], update: {} }),
};
