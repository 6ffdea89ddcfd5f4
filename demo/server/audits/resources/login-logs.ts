// /api/v1/audits/login-logs/ (§2.9): every sign-in attempt (web form, API token, terminal), written by
// auth/login/login-log.ts. A global table: outside DEFAULT only the current org's members' attempts show,
// as 2.3's UserLoginLogViewSet does (ROOT, like DEFAULT, shows everyone's). List-only.
import { L, readOnly } from '../../engine/field-kit.ts';
import { everyAction } from '../../core/permissions.ts';
import { IsOrgAdminOrAuditor } from '../audit-permissions.ts';
import { memberColumnClause } from '../org-members-sql.ts';
import type { ResourceDef } from '../../engine/types.ts';

export const loginLogsResource: ResourceDef = {
  name: 'User Login Log List',
  model: L('登录日志', 'User login log'),
  url: '/api/v1/audits/login-logs/',
  table: 'login_logs',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    username: readOnly('string', '用户名', 'Username'),
    type: {
      ...readOnly('choice', '登录方式', 'Login type'),
      choices: [
        { value: 'W', label: L('Web', 'Web') },
        { value: 'T', label: L('终端', 'Terminal') },
      ],
    },
    ip: readOnly('string', '登录IP', 'Login ip'),
    city: readOnly('string', '登录城市', 'Login city'),
    user_agent: readOnly('string', '用户代理', 'User agent'),
    mfa: {
      ...readOnly('choice', 'MFA', 'MFA'),
      choices: [
        { value: 0, label: L('禁用', 'Disabled') },
        { value: 1, label: L('启用', 'Enabled') },
        { value: 2, label: L('-', '-') },
      ],
    },
    reason: readOnly('string', '原因', 'Reason'),
    status: { ...readOnly('boolean', '状态', 'Status') },
    datetime: readOnly('datetime', '登录日期', 'Date login'),
  },
  searchFields: ['username', 'ip', 'city'],
  filterFields: ['username', 'ip', 'city', 'type', 'status', 'mfa'],
  orderingFields: ['datetime', 'username', 'ip'],
  defaultOrder: ['-datetime', 'username'],
  dateRangeField: 'datetime',
  actions: ['list'],
  permissions: everyAction(IsOrgAdminOrAuditor),
  scope: ({ ctx }) =>
    ctx.org.kind === 'real' ? memberColumnClause(ctx.org, 'username', 'username') : { sql: '1', params: [] },
  hooks: {
    // 2.3 shows the status as a choice of a boolean: status_display "Success" / "Failed".
    serialize: ({ ctx }, row, out) => {
      out.status_display = row.status
        ? ctx.lang === 'zh'
          ? '成功'
          : 'Success'
        : ctx.lang === 'zh'
          ? '失败'
          : 'Failed';
    },
  },
  sample: () => ({ create: [], update: {} }),
};
