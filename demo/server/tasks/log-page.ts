// GET /core/ops/celery/task/<id>/log/: the task-log page 2.3 serves as HTML (Lina 2.3.1 opens it in a
// window, e.g. after an asset list's "Test"/"Refresh"). The page shows the log as text and follows it
// through the JSON API (GET /api/v1/ops/celery/task/<id>/log/, log-routes.ts) with /static/js/task-log.js
// (the CSP allows no inline script). A task that does not exist, or that the caller may not see, gets a
// 404 page saying so — the same words for both, as the JSON answers them alike — instead of a page that
// would wait for it for ever. Someone not signed in is sent to the login form, which brings them back.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_PATH } from '../core/auth/paths.ts';
import { isValidUser } from '../core/permissions.ts';
import { escapeHtml } from '../core/lib/html.ts';
import { pick, type Lang, type Localized } from '../core/lib/i18n.ts';
import { TASK_TEXT } from './messages.ts';
import { maySeeTask } from './task-access.ts';

export const TASK_LOG_SCRIPT = '/static/js/task-log.js';

const TEXT = {
  title: { en: 'Task log', zh: '任务日志' },
  missing: { en: 'No such task, or you may not see its log', zh: '任务不存在，或您无权查看该任务的日志' },
  ended: { en: 'Task finished', zh: '任务已结束' },
  failed: { en: 'Could not read the log', zh: '无法读取日志' },
} satisfies Record<string, Localized>;

// Styles in a <style> element: the CSP refuses style attributes. The colours are the runner's tones.
const STYLE = `body{margin:0;background:#1f1b1b;color:#e8e8e8;font:13px/1.4 Monaco,Consolas,monospace}
pre{margin:0;padding:12px 16px;white-space:pre-wrap;word-break:break-all}
.ok{color:#4ec94e}.fail{color:#f05d5d}.warn{color:#e5c07b}
#task-log-status{padding:0 16px 12px;color:#9a9a9a}.missing{padding:24px 16px;color:#f05d5d}`;

function page(lang: Lang, body: string, script = ''): string {
  return (
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(pick(lang, TEXT.title))}</title>` +
    `<style>${STYLE}</style></head><body>${body}${script}</body></html>`
  );
}

function logPage(request: FastifyRequest, reply: FastifyReply) {
  const { ctx } = request;
  if (!ctx.user || !isValidUser(ctx.user, request.server.bastion.now())) {
    return reply.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(request.url)}`);
  }
  const id = (request.params as { id: string }).id;
  const task = request.server.tasks.store.get(id);
  const send = (status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  if (!task || !maySeeTask(request.server.bastion.db, ctx.user, task)) {
    return send(404, page(ctx.lang, `<p class="missing">${escapeHtml(pick(ctx.lang, TEXT.missing))}</p>`));
  }
  const attr = (text: Localized) => escapeHtml(pick(ctx.lang, text));
  return send(
    200,
    page(
      ctx.lang,
      `<pre id="task-log" data-task="${escapeHtml(task.id)}"></pre>` +
        `<div id="task-log-status" data-ended="${attr(TEXT.ended)}" data-failed="${attr(TEXT.failed)}">${attr(TASK_TEXT.waiting)}</div>`,
      `<script src="${TASK_LOG_SCRIPT}"></script>`,
    ),
  );
}

export function registerTaskLogPage(app: FastifyInstance): void {
  const script = readFileSync(new URL('../../task-log.js', import.meta.url), 'utf8');
  app.get(TASK_LOG_SCRIPT, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script),
  );
  app.get('/core/ops/celery/task/:id/log/', logPage);
}
