// /api/v1/terminal/tasks/ (§2.6): work a terminal picks up on its heartbeat (kill_session). A terminal
// sees and finishes only its own tasks; superusers see all (2.3: IsOrgAdminOrAppUser over global rows,
// which showed every org's session ids to any org admin).
import { everyAction, IsSuperUserOrAppUser, isAppUser } from '../../core/permissions.ts';
import { L } from '../../engine/field-kit.ts';
import type { ResourceDef } from '../../engine/types.ts';
import { uuid } from '../../core/lib/ids.ts';
import { isoAt } from '../../core/lib/time.ts';
import { terminalOf } from '../app-user.ts';
import { taskSample } from '../samples.ts';

export const TASK_NAMES = [{ value: 'kill_session', label: L('断开会话', 'Kill session') }];

export const terminalTasksResource: ResourceDef = {
  name: 'Task List',
  model: L('任务', 'Task'),
  url: '/api/v1/terminal/tasks/',
  table: 'terminal_tasks',
  fields: {
    id: { type: 'string', label: L('ID', 'ID'), read_only: true },
    name: { type: 'choice', label: L('名称', 'Name'), choices: TASK_NAMES, required: true },
    args: { type: 'string', label: L('参数', 'Args'), max_length: 1024, required: true },
    terminal: {
      type: 'string',
      label: L('终端', 'Terminal'),
      read_only: true,
      relation: '/api/v1/terminal/terminals/',
    },
    is_finished: { type: 'boolean', label: L('是否完成', 'Is finished'), default: false },
    date_created: { type: 'datetime', label: L('创建日期', 'Date created'), read_only: true },
    date_finished: { type: 'datetime', label: L('完成日期', 'Date finished'), read_only: true },
  },
  filterFields: ['name', 'terminal', 'is_finished'],
  orderingFields: ['date_created'],
  defaultOrder: ['-date_created'],
  bulk: true,
  bulkDelete: 'exactlyOne',
  csvImport: false,
  permissions: everyAction(IsSuperUserOrAppUser),
  scope: ({ db, ctx }) =>
    isAppUser(ctx.user)
      ? { sql: 'terminal = ?', params: [terminalOf(db, ctx.user)?.id ?? ''] }
      : { sql: '1', params: [] },
  hooks: {
    beforeCreate: ({ db, ctx, now }, data) => {
      data.id = uuid();
      data.date_created = isoAt(now);
      data.terminal = terminalOf(db, ctx.user)?.id ?? null;
    },
    validate: ({ now }, data, existing) => {
      if (data.is_finished === true && !existing?.date_finished) data.date_finished = isoAt(now);
      if (data.is_finished === false) data.date_finished = null;
      return null;
    },
  },
  sample: taskSample,
};
