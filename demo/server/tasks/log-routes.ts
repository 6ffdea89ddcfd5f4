// Celery-compatible task log and result endpoints (JumpServer apps/ops/api/celery.py).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsValidUser } from '../auth/permissions.ts';
import { pick, t } from '../lib/i18n.ts';
import { TASK_TEXT } from './messages.ts';
import type { TaskRow } from './store.ts';

const BASE = '/api/v1/ops/celery/task/:id';
const isFinished = (task: TaskRow): boolean => task.state === 'SUCCESS' || task.state === 'FAILURE';

export function registerTaskLogRoutes(app: FastifyInstance): void {
  app.get(`${BASE}/log/`, async (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const task = findTask(request, reply);
    if (!task) return reply;
    const { store } = app.tasks;
    const rawMark = (request.query as Record<string, unknown>).mark;
    if (!store.hasLog(task.id)) {
      // Lina polls with mark=undefined until a log appears and prints the dots as progress.
      return { data: rawMark === 'undefined' ? '.' : pick(request.ctx.lang, TASK_TEXT.waiting) };
    }
    // Our mark is the id of the last log line sent: stateless, so any mark can be replayed.
    const after = typeof rawMark === 'string' && /^\d+$/.test(rawMark) ? Number(rawMark) : 0;
    // Read the state before the log: a task finished by then has written every line.
    const finishedBefore = isFinished(task);
    const chunk = store.readLog(task.id, after);
    return { data: chunk.data, end: finishedBefore && chunk.data === '', mark: String(chunk.lastId) };
  });

  app.get(`${BASE}/result/`, async (request, reply) => {
    if (!authorize(request, reply, IsValidUser)) return reply;
    const task = findTask(request, reply);
    if (!task) return reply;
    return { id: task.id, result: task.result === null ? null : JSON.parse(task.result), state: task.state };
  });
}

function findTask(request: FastifyRequest, reply: FastifyReply): TaskRow | undefined {
  const task = request.server.tasks.store.get((request.params as { id: string }).id);
  if (!task) reply.code(404).send({ detail: t(request.ctx.lang, 'request.not_found') });
  return task;
}
