// ops/celery/period-tasks/ (2.3's CeleryPeriodTaskViewSet, IsSuperUser; GET and PATCH only): the jobs the
// server runs on a schedule, as django-celery-beat listed them (name, task, enabled, description,
// last_run_at, total_run_count). A job registers itself with `periodTask` and asks `enabled` before each
// run; PATCH {enabled} pauses or resumes it until the server restarts (2.3 kept it in its database).
import type { FastifyInstance } from 'fastify';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import { pageOf, paginated } from '../engine/paging.ts';
import { describeRoute } from '../engine/route-options.ts';
import { t } from '../core/lib/i18n.ts';
import { formatDateTime, isoAt } from '../core/lib/time.ts';

export interface PeriodTask {
  name: string;
  task: string;
  description: string;
  enabled: boolean;
  lastRunAt: number | null;
  runs: number;
}
export interface PeriodTaskHandle {
  readonly enabled: boolean;
  ran(nowMs: number): void;
}

const registries = new WeakMap<FastifyInstance, PeriodTask[]>();

/** Registers a scheduled job under 2.3's names; the handle says whether to run and records each run. */
export function periodTask(
  app: FastifyInstance,
  task: Omit<PeriodTask, 'enabled' | 'lastRunAt' | 'runs'>,
): PeriodTaskHandle {
  const list = registries.get(app) ?? [];
  registries.set(app, list);
  const entry: PeriodTask = { ...task, enabled: true, lastRunAt: null, runs: 0 };
  list.push(entry);
  return {
    get enabled() {
      return entry.enabled;
    },
    ran(nowMs) {
      entry.lastRunAt = nowMs;
      entry.runs += 1;
    },
  };
}

export function registerPeriodTaskRoutes(app: FastifyInstance): void {
  const URL = '/api/v1/ops/celery/period-tasks/';
  const shape = (task: PeriodTask, tz: string) => ({
    name: task.name,
    task: task.task,
    enabled: task.enabled,
    description: task.description,
    last_run_at: task.lastRunAt === null ? null : formatDateTime(isoAt(task.lastRunAt), tz),
    total_run_count: task.runs,
  });
  const tasks = () => registries.get(app) ?? [];
  app.get(URL, (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const rows = tasks().map((task) => shape(task, request.ctx.tz));
    const page = pageOf(request.query as Record<string, unknown>);
    return page ? paginated(request, page, rows.length, rows.slice(page.offset, page.offset + page.limit)) : rows;
  });
  // 2.3's lookup is the row id; these jobs are known by their unique name.
  const find = (name: string) => tasks().find((task) => task.name === name);
  app.get(`${URL}:name/`, (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const task = find((request.params as { name: string }).name);
    return task
      ? shape(task, request.ctx.tz)
      : reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
  });
  app.patch(`${URL}:name/`, (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const task = find((request.params as { name: string }).name);
    if (!task) return reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
    const enabled = (request.body as Record<string, unknown> | null)?.enabled;
    if (enabled !== undefined) {
      if (typeof enabled !== 'boolean')
        return reply.code(400).send({ enabled: [t(request.ctx.lang, 'field.invalid_boolean')] });
      task.enabled = enabled;
    }
    return shape(task, request.ctx.tz);
  });
  const label = (zh: string, en: string) => ({ en, zh });
  describeRoute(app, URL, {
    name: 'Celery Period Task List',
    permission: IsSuperUser,
    fields: {
      name: { type: 'string', label: label('名称', 'Name'), max_length: 200 },
      task: { type: 'string', label: label('任务', 'Task name'), max_length: 200 },
      enabled: { type: 'boolean', label: label('启用', 'Enabled'), required: false },
      description: { type: 'string', label: label('描述', 'Description'), required: false },
      last_run_at: { type: 'datetime', label: label('最后执行', 'Last Run Datetime'), read_only: true },
      total_run_count: { type: 'integer', label: label('执行次数', 'Total Run Count'), read_only: true },
    },
  });
}
