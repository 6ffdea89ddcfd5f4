// WebSocket `/ws/ops/tasks/log/` (2.3's apps/ops/ws.py CeleryLogWebsocket): the client sends
// `{"task": "<id>"}` and receives `{"message", "task"}` frames — `"."` while the task has no log yet,
// then the log as it grows (`\r\n` line ends, the runner's colours) — until the task has ended and
// every line was sent; a last frame `{"message": "", "task", "end": true}` says so (2.3's clients
// ignore the extra key). The same log as GET /api/v1/ops/celery/task/<id>/log/, pushed instead of
// polled: the runner's store tells this socket when the log grows. Who may open it: a signed-in
// browser session of a valid user, from a page of this origin (a WebSocket handshake carries the
// cookie without a CSRF token); who may follow a task: whoever may read its log (task-access.ts), a
// task they may not see answering as an unknown one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { pick } from '../core/lib/i18n.ts';
import { maySeeTask } from '../tasks/task-access.ts';
import { browserRefusal } from '../core/auth/browser-origin.ts';

export const TASK_LOG_SOCKET = '/ws/ops/tasks/log/';
/** 2.3 sends a dot every half second while the task's log does not exist yet. */
const WAIT_MS = 500;
/** A client sends a task id, nothing more: a frame over this is not one. */
const MAX_FRAME = 4096;

const TEXT = {
  upgradeExpected: { en: 'This address only accepts WebSocket connections.', zh: '此地址只接受 WebSocket 连接。' },
  missing: { en: 'No such task, or you may not see its log', zh: '任务不存在，或您无权查看该任务的日志' },
};

/** Follows one task's log on the socket; returns the stop. */
function follow(app: FastifyInstance, socket: WebSocket, request: FastifyRequest, id: string): () => void {
  const { store } = app.tasks;
  const send = (frame: Record<string, unknown>) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const task = store.get(id);
  if (!task || !maySeeTask(app.bastion.db, request.ctx.user!, task)) {
    send({ message: `${pick(request.ctx.lang, TEXT.missing)}\r\n`, task: id, end: true });
    return () => undefined;
  }
  let mark = 0;
  let stopped = false;
  let scheduled = false;
  let waiting: NodeJS.Timeout | undefined;
  const pump = () => {
    scheduled = false;
    if (stopped) return;
    if (!store.hasLog(id)) {
      send({ message: '.', task: id });
      waiting ??= setInterval(() => {
        if (!store.hasLog(id)) send({ message: '.', task: id });
        else pump();
      }, WAIT_MS);
      return;
    }
    if (waiting) {
      clearInterval(waiting);
      waiting = undefined;
    }
    // The state first: a task finished by then has written every line it will.
    const state = store.get(id)?.state;
    for (;;) {
      const chunk = store.readLog(id, mark);
      if (!chunk.data) break;
      mark = chunk.lastId;
      send({ message: chunk.data, task: id });
    }
    if (state === 'SUCCESS' || state === 'FAILURE' || !state) {
      send({ message: '', task: id, end: true });
      stop();
    }
  };
  // Lines come in bursts (one INSERT each): one read per turn of the event loop serves a burst.
  const changed = () => {
    if (!scheduled) {
      scheduled = true;
      setImmediate(pump);
    }
  };
  const unwatch = store.watch(id, changed);
  const stop = () => {
    stopped = true;
    unwatch();
    if (waiting) clearInterval(waiting);
  };
  changed();
  return stop;
}

export function registerTaskLogSocket(app: FastifyInstance): void {
  app.route({
    method: 'GET',
    url: TASK_LOG_SOCKET,
    preHandler: async (request, reply) => browserRefusal(request, reply, !!request.ws) ?? undefined,
    handler: (request, reply) => reply.code(400).send({ detail: pick(request.ctx.lang, TEXT.upgradeExpected) }),
    wsHandler: (socket, request) => {
      let stop = () => undefined as void;
      socket.on('message', (data, binary) => {
        const text = binary ? '' : data.toString();
        if (!text || text.length > MAX_FRAME) return;
        let task: unknown;
        try {
          task = (JSON.parse(text) as { task?: unknown })?.task;
        } catch {
          return; // 2.3 would fail on it; a stray frame is ignored here
        }
        if (typeof task !== 'string' || !task || task.length > 64) return;
        stop();
        stop = follow(app, socket, request, task);
      });
      socket.on('close', () => stop());
      socket.on('error', () => stop());
    },
  });
}
