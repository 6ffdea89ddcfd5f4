// /core/flower/: the super admin's "external task monitor" (2.3 proxied Flower there, superusers only).
// The task runner is in-process, so the page shows what Flower showed an admin of it: the worker and its
// slots, the tasks running and queued, the recent failures, each linking to its log and to its run in the
// job center (a task's run there has the task's id).
import type { FastifyInstance } from 'fastify';
import { isSuperuser } from '../core/orgs/membership-store.ts';
import { escapeHtml } from '../core/lib/html.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { recentFailures, taskLine, type TaskLine as TaskRow } from '../tasks/store.ts';
import { hasRun } from './job-center-store.ts';

export function registerTaskMonitorPage(app: FastifyInstance): void {
  app.get('/core/flower/', (request, reply) => {
    const user = request.ctx.user;
    if (!user) return reply.redirect(`/core/auth/login/?next=${encodeURIComponent('/core/flower/')}`, 302);
    if (!isSuperuser(user)) return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    const { db } = app.bastion;
    const { concurrency, running, queued } = app.tasks.snapshot();
    const rows = (ids: string[]) => ids.map((id) => taskLine(db, id)).filter((row): row is TaskRow => !!row);
    const failures = recentFailures(db);
    const tz = request.ctx.tz;
    const runLink = (id: string) => (hasRun(db, id) ? ` <a href="/ui/#/ops/executions/${escapeHtml(id)}">Run</a>` : '');
    const table = (id: string, title: string, list: TaskRow[], when: (row: TaskRow) => string | null) => `
<section id="${id}"><h2>${escapeHtml(title)} (${list.length})</h2>${
      list.length
        ? `<table><thead><tr><th>Task</th><th>State</th><th>Time</th><th></th></tr></thead><tbody>${list
            .map(
              (row) => `
<tr><td>${escapeHtml(row.name)}</td><td>${escapeHtml(row.state)}</td><td>${escapeHtml(formatDateTime(when(row), tz) ?? '')}</td>
<td><a href="/ui/#/ops/celery/task/${escapeHtml(row.id)}/log/">Log</a>${runLink(row.id)}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : '<p>None</p>'
    }</section>`;
    const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Task monitor</title><link rel="stylesheet" href="/core/flower/style.css"></head>
<body><h1>Task monitor</h1><p><a href="/ui/#/ops/tasks">Job center</a></p>
<section id="workers"><h2>Workers (1)</h2><table><thead><tr><th>Worker</th><th>Status</th><th>Concurrency</th><th>Active</th><th>Queued</th></tr></thead>
<tbody><tr><td>bastion@in-process</td><td>${app.tasks.closed ? 'Offline' : 'Online'}</td><td>${concurrency}</td><td>${running.length}</td><td>${queued.length}</td></tr></tbody></table></section>
${table('running', 'Running', rows(running), (row) => row.date_start)}
${table('queued', 'Queued', rows(queued), (row) => row.date_created)}
${table('failures', 'Recent failures', failures, (row) => row.date_finished)}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
  // 2.3's Lina links `/core/flower?_=<time>`, without the slash.
  app.get('/core/flower', (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/core/flower/${query}`, 302);
  });
  app.get('/core/flower/style.css', (_request, reply) =>
    reply
      .type('text/css')
      .send(
        'body{font:14px sans-serif;margin:24px}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left}h2{font-size:16px;margin-top:24px}',
      ),
  );
}
