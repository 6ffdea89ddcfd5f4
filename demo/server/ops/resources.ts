// The job center's lists (§2.7, IsOrgAdmin, org-scoped): tasks/ (list, detail with `contents`, delete),
// adhoc/ (versions, `?task=`) and adhoc-executions/ (runs, `?task=&adhoc=`, newest first), in the
// shapes of 2.3's TaskSerializer, AdHocSerializer and AdHocExecutionSerializer. Rows are written by
// the recorder (recorder.ts) only: nothing here creates or edits them.
import { computed, L, readOnly } from '../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../core/permissions.ts';
import type { HookArgs, ResourceDef, Row } from '../engine/types.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { adhocTasks, latestRunOfAdhoc, runById, runCountOfAdhoc, taskName } from './job-center-store.ts';
import { pythonRepr } from './python-repr.ts';

const shortId = (id: unknown) =>
  String(id ?? '')
    .split('-')
    .at(-1) ?? '';
const json = (text: unknown, fallback: unknown) => (typeof text === 'string' ? JSON.parse(text) : fallback);

/** A run as 2.3 nests it: stat, last_success / last_failure (its contacted / dark hosts). */
function executionOut(args: HookArgs, row: Row, withResult: boolean): Row {
  const summary = json(row.summary, {}) as {
    contacted?: string[];
    dark?: Record<string, string>;
    skipped?: Record<string, string>;
  };
  const success = summary.contacted ?? [];
  const failure = summary.dark ?? {};
  const skipped = Object.keys(summary.skipped ?? {}).length;
  const out: Row = {
    id: row.id,
    task: row.task,
    task_display: row.task_display,
    hosts_amount: row.hosts_amount,
    adhoc: row.adhoc,
    date_start: formatDateTime(row.date_start as string, args.ctx.tz),
    date_finished: formatDateTime(row.date_finished as string | null, args.ctx.tz),
    timedelta: row.timedelta,
    is_finished: !!row.is_finished,
    is_success: !!row.is_success,
    stat: {
      total: success.length + Object.keys(failure).length + skipped,
      success: success.length,
      failed: Object.keys(failure).length,
    },
    short_id: shortId(row.id),
    adhoc_short_id: shortId(row.adhoc),
    last_success: success,
    last_failure: failure,
  };
  if (withResult) Object.assign(out, { result: json(row.result, {}), summary });
  return out;
}

const executionById = (args: HookArgs, id: unknown): Row | undefined => (id ? runById(args.db, id) : undefined);

export const opsTasksResource: ResourceDef = {
  name: 'Task List',
  model: L('任务', 'Task'),
  url: '/api/v1/ops/tasks/',
  table: 'ops_tasks',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    name: readOnly('string', '名称', 'Name'),
    interval: readOnly('integer', '间隔', 'Interval'),
    crontab: readOnly('string', 'Crontab', 'Crontab'),
    is_periodic: readOnly('boolean', '周期执行', 'Periodic perform'),
    is_deleted: readOnly('boolean', '已删除', 'Is deleted'),
    comment: readOnly('string', '备注', 'Comment'),
    date_created: readOnly('datetime', '创建日期', 'Date created'),
    date_updated: readOnly('datetime', '更新日期', 'Date updated'),
    latest_execution: computed('dict', '最后执行', 'Latest execution'),
    summary: computed('dict', '汇总', 'Summary'),
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name', 'date_created', 'date_updated'],
  defaultOrder: ['-date_updated'],
  fieldsMini: ['id', 'name'],
  orgScoped: true,
  actions: ['list', 'retrieve', 'delete'],
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    serialize: (args, row, out, mode) => {
      const latest = executionById(args, row.latest_execution);
      out.latest_execution = latest ? executionOut(args, latest, false) : null;
      const total = Number(row.total_run_amount);
      const success = Number(row.success_run_amount);
      out.summary = { total, success, failed: total - success };
      if (mode === 'retrieve') {
        const tasks = adhocTasks(args.db, row.latest_adhoc);
        out.contents = json(tasks, []);
      }
    },
  },
  sample: () => ({ create: [], update: {} }),
};

export const opsAdhocResource: ResourceDef = {
  name: 'Ad Hoc List',
  model: L('任务各版本', 'Task versions'),
  url: '/api/v1/ops/adhoc/',
  table: 'ops_adhocs',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    task: { ...readOnly('string', '任务', 'Task'), relation: '/api/v1/ops/tasks/' },
    tasks: readOnly('list', '任务', 'Tasks'),
    pattern: readOnly('string', '模式', 'Pattern'),
    options: readOnly('string', '选项', 'Options'),
    hosts: { ...readOnly('list', '主机', 'Host'), relation: '/api/v1/assets/assets/' },
    run_as_admin: readOnly('boolean', '再次执行', 'Run as admin'),
    run_as: readOnly('string', '运行用户', 'Run as'),
    date_created: readOnly('datetime', '创建日期', 'Date created'),
    short_id: computed('string', 'ID', 'Short id'),
    become_display: computed('string', 'Become', 'Become display'),
  },
  filterFields: ['task'],
  orderingFields: ['date_created'],
  defaultOrder: ['-date_created'],
  orgScoped: true,
  actions: ['list', 'retrieve'],
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    serialize: (args, row, out, mode) => {
      out.short_id = shortId(row.id);
      out.options = pythonRepr(json(row.options, {}));
      out.become_display = String((json(row.become, {}) as { user?: string }).user ?? '');
      if (mode !== 'retrieve') return;
      const latest = latestRunOfAdhoc(args.db, row.id);
      const nested = latest && executionOut(args, latest, false);
      out.latest_execution = nested
        ? {
            last_success: nested.last_success,
            last_failure: nested.last_failure,
            last_run: nested.short_id,
            timedelta: nested.timedelta,
            is_finished: nested.is_finished,
            is_success: nested.is_success,
          }
        : null;
      out.created_by = row.created_by;
      out.run_times = runCountOfAdhoc(args.db, row.id);
      out.task_name = taskName(args.db, row.task) ?? '';
    },
  },
  sample: () => ({ create: [], update: {} }),
};

export const opsExecutionsResource: ResourceDef = {
  name: 'Ad Hoc Run History List',
  model: L('执行历史', 'Execution history'),
  url: '/api/v1/ops/adhoc-executions/',
  table: 'ops_adhoc_executions',
  fields: {
    id: readOnly('string', 'ID', 'ID'),
    task: { ...readOnly('string', '任务', 'Task'), relation: '/api/v1/ops/tasks/' },
    task_display: readOnly('string', '任务', 'Task display'),
    hosts_amount: readOnly('integer', '主机数量', 'Host amount'),
    adhoc: { ...readOnly('string', '版本', 'Adhoc'), relation: '/api/v1/ops/adhoc/' },
    date_start: readOnly('datetime', '开始时间', 'Start time'),
    date_finished: readOnly('datetime', '完成时间', 'End time'),
    timedelta: readOnly('string', '时间', 'Time'),
    is_finished: readOnly('boolean', '是否完成', 'Is finished'),
    is_success: readOnly('boolean', '是否成功', 'Is success'),
    result: readOnly('dict', '结果', 'Adhoc raw result'),
    summary: readOnly('dict', '汇总', 'Adhoc result summary'),
    stat: computed('dict', '统计', 'Stat'),
    short_id: computed('string', 'ID', 'Short id'),
    adhoc_short_id: computed('string', '版本', 'Adhoc short id'),
    last_success: computed('list', '成功主机', 'Last success'),
    last_failure: computed('dict', '失败主机', 'Last failure'),
  },
  searchFields: ['task_display'],
  filterFields: ['task', 'adhoc', 'is_finished', 'is_success'],
  orderingFields: ['date_start', 'date_finished', 'timedelta'],
  defaultOrder: ['-date_start'],
  dateRangeField: 'date_start',
  orgScoped: true,
  actions: ['list', 'retrieve'],
  permissions: everyAction(IsOrgAdmin),
  hooks: {
    serialize: (args, row, out) => {
      const full = executionOut(args, row, true);
      for (const key of ['stat', 'short_id', 'adhoc_short_id', 'last_success', 'last_failure']) out[key] = full[key];
      out.timedelta = row.timedelta;
    },
  },
  sample: () => ({ create: [], update: {} }),
};

export const OPS_RESOURCES: readonly ResourceDef[] = [opsTasksResource, opsAdhocResource, opsExecutionsResource];
