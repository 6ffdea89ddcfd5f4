// Celery-compatible task log and result endpoints (JumpServer apps/ops/api/celery.py). 2.3's other path,
// /core/ops/celery/task/<id>/log/, is the HTML page that shows this log (log-page.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsValidUser } from '../core/permissions.ts';
import { pick, t } from '../core/lib/i18n.ts';
import { TASK_TEXT } from './messages.ts';
import type { TaskRow } from './store.ts';
import { maySeeTask } from './task-access.ts';

const BASE = '/api/v1/ops/celery/task/:id';
const isFinished = (task: TaskRow): boolean => task.state === 'SUCCESS' || task.state === 'FAILURE';

export function registerTaskLogRoutes(app: FastifyInstance): void {
  const readLog = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const task = visibleTask(request);
    const { store } = app.tasks;
    const rawMark = (request.query as Record<string, unknown>).mark;
    // 2.3 answers an unknown or not yet started task the same way (Celery cannot tell them apart).
    if (!task || !store.hasLog(task.id)) {
      // Lina polls with mark=undefined until a log appears and prints the dots as progress.
      return { data: rawMark === 'undefined' ? '.' : pick(request.ctx.lang, TASK_TEXT.waiting) };
    }
    // Our mark is the id of the last log line sent: stateless, so any mark can be replayed.
    const after = typeof rawMark === 'string' && /^\d+$/.test(rawMark) ? Number(rawMark) : 0;
    // Read the state before the log: a task finished by then has written every line.
    const finishedBefore = isFinished(task);
    const chunk = store.readLog(task.id, after);
    return { data: chunk.data, end: finishedBefore && chunk.data === '', mark: String(chunk.lastId) };
  };
  app.get(`${BASE}/log/`, readLog);

  app.get(`${BASE}/result/`, async (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const task = visibleTask(request);
    if (!task) return reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
    return { id: task.id, result: task.result === null ? null : JSON.parse(task.result), state: task.state };
  });
}

/**
 * The task, when it exists and the caller may see it. A task the caller may not see answers exactly
 * as an unknown id (not 403): task logs name hosts, IPs and failure reasons of another org, and a
 * distinct answer would confirm that the id exists and is running.
 */
function visibleTask(
  request: FastifyRequest & { ctx: { user: NonNullable<FastifyRequest['ctx']['user']> } },
): TaskRow | undefined {
  const task = request.server.tasks.store.get((request.params as { id: string }).id);
  return task && maySeeTask(request.server.bastion.db, request.ctx.user, task) ? task : undefined;
}
