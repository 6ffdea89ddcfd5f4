// /api/v1/audits/command-execution-logs/ (§2.9): batch commands run as a system user on hosts (the ops
// section fills them). An execution is seen in the org of its run-as system user, as 2.3 filters
// `run_as__org_id`. Read from the `command_executions_list` view (migration 13), which carries the
// names 2.3 annotates. List-only; `command-executions-hosts-relations/` lists the hosts of each.
import { computed, L, readOnly } from '../../engine/field-kit.ts';
import { everyAction } from '../../core/permissions.ts';
import { IsOrgAdminOrAuditor } from '../audit-permissions.ts';
import type { Clause, HookArgs, ResourceDef } from '../../engine/types.ts';
import { storedOrgId } from '../../core/orgs/current-org.ts';
import { executionHosts } from '../../ops/execution-store.ts';

/** ROOT sees every execution; elsewhere only those run as a system user of the current org. */
const runAsOrg = ({ ctx }: HookArgs): Clause =>
  ctx.org.kind === 'root' ? { sql: '1', params: [] } : { sql: 'run_as_org = ?', params: [storedOrgId(ctx.org)] };

export const commandExecutionLogsResource: ResourceDef = {
  name: 'Command Execution List',
  model: L('命令执行', 'Command execution'),
  url: '/api/v1/audits/command-execution-logs/',
  table: 'command_executions_list',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    run_as: { ...readOnly('string', '运行用户', 'Run as'), relation: '/api/v1/assets/system-users/' },
    command: readOnly('string', '命令', 'Command'),
    user: { ...readOnly('string', '用户', 'User'), relation: '/api/v1/users/users/' },
    is_finished: readOnly('boolean', '是否完成', 'Is finished'),
    date_start: readOnly('datetime', '开始日期', 'Date start'),
    result: readOnly('dict', '结果', 'Result'),
    is_success: computed('boolean', '是否成功', 'Is success'),
    hosts: { ...computed('list', '主机', 'Hosts'), relation: '/api/v1/assets/assets/' },
    run_as_display: readOnly('string', '运行用户', 'Run as display'),
    user_display: readOnly('string', '用户', 'User display'),
  },
  searchFields: ['command', 'user_display', 'run_as_display'],
  filterFields: ['command', 'is_finished'],
  extraFilters: {
    user__name: (_args, value) => ({ sql: 'user_display = ?', params: [value] }),
    run_as__name: (_args, value) => ({ sql: 'run_as_display = ?', params: [value] }),
  },
  orderingFields: ['date_start', 'date_created', 'command'],
  defaultOrder: ['-date_created'],
  dateRangeField: 'date_start',
  fieldsMini: ['id'],
  fieldsSmall: ['id', 'run_as', 'command', 'user', 'is_finished', 'date_start', 'result', 'is_success', 'org_id'],
  orgScoped: true,
  actions: ['list'],
  permissions: everyAction(IsOrgAdminOrAuditor),
  scope: runAsOrg,
  hooks: {
    serialize: ({ db }, row, out) => {
      // 2.3: an execution failed when its result holds an `error` key.
      const result = (out.result ?? {}) as Record<string, unknown>;
      out.is_success = !('error' in result);
      out.hosts = executionHosts(db, row.id);
    },
  },
  sample: () => ({ create: [], update: {} }),
};

export const commandExecutionHostsResource: ResourceDef = {
  name: 'Command Execution Hosts Relation List',
  model: L('命令执行主机关系', 'Command execution hosts relation'),
  url: '/api/v1/audits/command-executions-hosts-relations/',
  table: 'command_execution_hosts_list',
  fields: {
    id: readOnly('integer', 'ID', 'ID'),
    asset: { ...readOnly('string', '资产', 'Asset'), relation: '/api/v1/assets/assets/' },
    asset_display: readOnly('string', '资产', 'Asset display'),
    commandexecution: {
      ...readOnly('string', '命令执行', 'Command execution'),
      relation: '/api/v1/audits/command-execution-logs/',
    },
    commandexecution_display: readOnly('string', '命令执行', 'Command execution display'),
  },
  searchFields: ['asset_display'],
  filterFields: ['id', 'asset', 'commandexecution'],
  defaultOrder: ['id'],
  actions: ['list', 'retrieve'],
  permissions: everyAction(IsOrgAdminOrAuditor),
  scope: runAsOrg,
  sample: () => ({ create: [], update: {} }),
};
