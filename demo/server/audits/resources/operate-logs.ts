// /api/v1/audits/operate-logs/ (§2.9): who created, updated or deleted which admin-managed object,
// written by the resource engine (core/operate-log-store.ts). Org-scoped; list-only.
import { L, readOnly } from '../../engine/field-kit.ts';
import { everyAction } from '../../core/permissions.ts';
import { IsOrgAdminOrAuditor } from '../audit-permissions.ts';
import type { ResourceDef } from '../../engine/types.ts';

export const operateLogsResource: ResourceDef = {
  name: 'Operate Log List',
  model: L('操作日志', 'Operate log'),
  url: '/api/v1/audits/operate-logs/',
  table: 'operate_logs',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    user: readOnly('string', '用户', 'User'),
    action: {
      ...readOnly('choice', '动作', 'Action'),
      choices: [
        { value: 'create', label: L('创建', 'Create') },
        { value: 'update', label: L('更新', 'Update') },
        { value: 'delete', label: L('删除', 'Delete') },
      ],
    },
    resource_type: readOnly('string', '资源类型', 'Resource Type'),
    resource: readOnly('string', '资源', 'Resource'),
    remote_addr: readOnly('string', '远端地址', 'Remote addr'),
    datetime: readOnly('datetime', '日期', 'Datetime'),
  },
  searchFields: ['resource'],
  filterFields: ['user', 'action', 'resource_type', 'resource', 'remote_addr'],
  orderingFields: ['datetime', 'user', 'action', 'resource_type'],
  defaultOrder: ['-datetime'],
  dateRangeField: 'datetime',
  orgScoped: true,
  actions: ['list'],
  permissions: everyAction(IsOrgAdminOrAuditor),
  sample: () => ({ create: [], update: {} }),
};
