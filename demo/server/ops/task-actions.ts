// The job center's actions: GET `tasks/<id>/run/` (IsOrgAdmin, 2.3's TaskRun) runs a task's latest
// version again as a new run and answers `{"task": <run id>}` (its log is live at once); POST
// `command-executions/<id>/stop/` stops a running batch command (its starter, or an admin of its org),
// and POST `adhoc-executions/<id>/stop/` (IsOrgAdmin, the run in the current org) stops any running run:
// the hosts still running are closed, the log and the rows say who stopped it. Neither is 2.3's (it
// could not stop a run); both answer `{"detail"}`, 400 `{"error"}` for a run that has ended.
import type { FastifyInstance } from 'fastify';
import { L } from '../engine/field-kit.ts';
import { authorize, IsOrgAdmin, IsValidUser } from '../core/permissions.ts';
import type { AuthedCtx } from '../engine/types.ts';
import { pick, t } from '../core/lib/i18n.ts';
import { orgSees } from '../core/orgs/current-org.ts';
import { isSuperuser, memberRoles } from '../core/orgs/membership-store.ts';
import type { JobRecord } from '../tasks/job-record.ts';
import { workOf } from '../tasks/jobs.ts';
import {
  checkCommand,
  COMMAND_EXECUTIONS_URL,
  COMMAND_TEXT,
  recordRefusedExecution,
  startCommandExecution,
} from './command-executions.ts';
import { executionForStop } from './execution-store.ts';
import { adhocJob, runForStop, taskForRun } from './job-center-store.ts';

const TEXT = {
  // 2.3's Task.run() answer when a task has no version.
  noAdhoc: L('任务没有可执行的版本', 'No adhoc'),
  gone: L('该任务的系统用户已被删除', 'The system user of this task was deleted'),
};

export function registerTaskActionRoutes(app: FastifyInstance): void {
  app.get('/api/v1/ops/tasks/:id/run/', async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const ctx = request.ctx as AuthedCtx;
    const { db, now } = app.bastion;
    const id = (request.params as { id: string }).id;
    const task = taskForRun(db, id);
    if (!task || !orgSees(ctx.org, task.org_id))
      return reply.code(404).send({ detail: t(ctx.lang, 'request.not_found') });
    const jobText = task.latest_adhoc ? adhocJob(db, task.latest_adhoc) : undefined;
    const job = jobText ? (JSON.parse(jobText) as JobRecord | null) : null;
    if (!job) return reply.code(400).send({ error: pick(ctx.lang, TEXT.noAdhoc) });
    if (app.tasks.closed) return reply.code(503).send({ detail: t(ctx.lang, 'request.server_error') });
    if (job.kind === 'command') {
      // Run again by this admin: their own grants and the filters of today decide, as for a new run.
      const checked = checkCommand(db, ctx.user, ctx.lang, now(), {
        hosts: job.hosts,
        run_as: job.run_as,
        command: job.command,
      });
      if ('errors' in checked) {
        if (checked.refused) recordRefusedExecution(app, ctx.user, checked.refused);
        return reply.code(400).send(checked.errors);
      }
      return { task: startCommandExecution(app, ctx.user, ctx.lang, checked) };
    }
    const work = workOf(db, now, job);
    if ('missing' in work) return reply.code(400).send({ error: pick(ctx.lang, TEXT.gone) });
    const owner = { creator: ctx.user.username, creatorId: ctx.user.id, lang: ctx.lang, orgId: task.org_id };
    return { task: app.tasks.submit(task.name, owner, work, job) };
  });

  app.post(`${COMMAND_EXECUTIONS_URL}:id/stop/`, async (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const ctx = request.ctx as AuthedCtx;
    const { db } = app.bastion;
    const id = (request.params as { id: string }).id;
    const row = executionForStop(db, id);
    const admin = (orgId: string) =>
      isSuperuser(ctx.user) || (!!orgId && memberRoles(db, orgId, ctx.user.id).includes('Admin'));
    if (!row || (row.user !== ctx.user.id && !admin(row.org_id)))
      return reply.code(404).send({ detail: t(ctx.lang, 'request.not_found') });
    const reason = pick(ctx.lang, COMMAND_TEXT.stopped, { user: `${ctx.user.name}(${ctx.user.username})` });
    if (row.is_finished || !app.tasks.cancel(row.id, reason))
      return reply.code(400).send({ error: pick(ctx.lang, COMMAND_TEXT.notRunning) });
    return { detail: reason };
  });

  app.post('/api/v1/ops/adhoc-executions/:id/stop/', async (request, reply) => {
    if (!authorize(request, reply, IsOrgAdmin)) return reply;
    const ctx = request.ctx as AuthedCtx;
    const id = (request.params as { id: string }).id;
    const run = runForStop(app.bastion.db, id);
    if (!run || !orgSees(ctx.org, run.org_id))
      return reply.code(404).send({ detail: t(ctx.lang, 'request.not_found') });
    const reason = pick(ctx.lang, COMMAND_TEXT.stopped, { user: `${ctx.user.name}(${ctx.user.username})` });
    if (run.is_finished || !app.tasks.cancel(run.id, reason))
      return reply.code(400).send({ error: pick(ctx.lang, COMMAND_TEXT.notRunning) });
    return { detail: reason };
  });
}
