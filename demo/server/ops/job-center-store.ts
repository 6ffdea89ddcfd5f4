// The job center's records (§2.7): tasks (`ops_tasks`, one per name and org), their versions (`ops_adhocs`) and
// their runs (`ops_adhoc_executions`, whose id is the runner task's id). Written only by the recorder
// (recorder.ts) as it observes the task runner; read by the job center's lists, its actions and the task monitor.
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';

export function taskIdByName(db: DB, orgId: string, name: string): string | undefined {
  return db.prepare('SELECT id FROM ops_tasks WHERE org_id = ? AND name = ?').pluck().get(orgId, name) as
    string | undefined;
}

export function insertTask(db: DB, id: string, name: string, atIso: string, createdBy: string, orgId: string): void {
  db.prepare(
    'INSERT INTO ops_tasks (id, name, date_created, date_updated, created_by, org_id) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, name, atIso, atIso, createdBy, orgId);
}

/** The task's newest version, whole (the recorder compares it with what runs now). */
export function latestAdhoc(db: DB, taskId: string): Record<string, unknown> | undefined {
  return db
    .prepare('SELECT * FROM ops_adhocs WHERE task = ? ORDER BY date_created DESC, rowid DESC LIMIT 1')
    .get(taskId) as Record<string, unknown> | undefined;
}

/** A task version; the JSON columns (tasks, options, hosts, become, job) come as text. */
export interface AdhocInsert {
  id: string;
  task: string;
  tasks: string;
  pattern: string;
  options: string;
  hosts: string;
  run_as_admin: 0 | 1;
  run_as: string;
  become: string;
  job: string;
  created_by: string;
  date_created: string;
  org_id: string;
}

export function insertAdhoc(db: DB, row: AdhocInsert): void {
  db.prepare(
    `INSERT INTO ops_adhocs (id, task, tasks, pattern, options, hosts, run_as_admin, run_as, become, job, created_by, date_created, org_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.task,
    row.tasks,
    row.pattern,
    row.options,
    row.hosts,
    row.run_as_admin,
    row.run_as,
    row.become,
    row.job,
    row.created_by,
    row.date_created,
    row.org_id,
  );
}

export interface RunInsert {
  id: string;
  task: string;
  task_display: string;
  adhoc: string;
  hosts_amount: number;
  date_start: string;
  created_by: string;
  org_id: string;
}

export function insertRun(db: DB, row: RunInsert): void {
  db.prepare(
    `INSERT INTO ops_adhoc_executions (id, task, task_display, adhoc, hosts_amount, date_start, created_by, org_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.id, row.task, row.task_display, row.adhoc, row.hosts_amount, row.date_start, row.created_by, row.org_id);
}

export function setTaskLatest(db: DB, taskId: string, adhocId: string, runId: string, atIso: string): void {
  db.prepare('UPDATE ops_tasks SET latest_adhoc = ?, latest_execution = ?, date_updated = ? WHERE id = ?').run(
    adhocId,
    runId,
    atIso,
    taskId,
  );
}

export function runStart(db: DB, id: string): { task: string | null; date_start: string } | undefined {
  return db.prepare('SELECT task, date_start FROM ops_adhoc_executions WHERE id = ?').get(id) as
    { task: string | null; date_start: string } | undefined;
}

export function setRunStart(db: DB, id: string, atIso: string): void {
  db.prepare('UPDATE ops_adhoc_executions SET date_start = ? WHERE id = ?').run(atIso, id);
}

/** A run's end as the runner reports it; `result` and `summary` are JSON text. */
export function finishRun(
  db: DB,
  id: string,
  success: boolean,
  atIso: string,
  timedelta: number,
  result: string,
  summary: string,
): void {
  db.prepare(
    `UPDATE ops_adhoc_executions SET is_finished = 1, is_success = ?, date_finished = ?, timedelta = ?, result = ?, summary = ?
        WHERE id = ?`,
  ).run(success ? 1 : 0, atIso, timedelta, result, summary, id);
}

/** One more run of the task, and one more success when it succeeded. */
export function countTaskRun(db: DB, taskId: string, success: boolean, atIso: string): void {
  db.prepare(
    'UPDATE ops_tasks SET total_run_amount = total_run_amount + 1, success_run_amount = success_run_amount + ?, date_updated = ? WHERE id = ?',
  ).run(success ? 1 : 0, atIso, taskId);
}

/** Unfinished runs whose task the runner has ended (it fails a previous process's tasks at start). */
export function interruptedRuns(
  db: DB,
): { id: string; state: 'SUCCESS' | 'FAILURE'; result: string | null; date_finished: string }[] {
  return db
    .prepare(
      `SELECT e.id, c.state, c.result, c.date_finished FROM ops_adhoc_executions e JOIN celery_tasks c ON c.id = e.id
    WHERE e.is_finished = 0 AND c.state IN ('SUCCESS', 'FAILURE')`,
    )
    .all() as { id: string; state: 'SUCCESS' | 'FAILURE'; result: string | null; date_finished: string }[];
}

/** An interrupted run takes its task's outcome, as a failure; `result` and `summary` are JSON text. */
export function settleRun(db: DB, id: string, dateFinished: string, result: string, summary: string): void {
  db.prepare(
    'UPDATE ops_adhoc_executions SET is_finished = 1, is_success = 0, date_finished = ?, result = ?, summary = ? WHERE id = ?',
  ).run(dateFinished, result, summary, id);
}

export function runById(db: DB, id: unknown): Row | undefined {
  return db.prepare('SELECT * FROM ops_adhoc_executions WHERE id = ?').get(id) as Row | undefined;
}

export function latestRunOfAdhoc(db: DB, adhocId: unknown): Row | undefined {
  return db
    .prepare('SELECT * FROM ops_adhoc_executions WHERE adhoc = ? ORDER BY date_start DESC, rowid DESC LIMIT 1')
    .get(adhocId) as Row | undefined;
}

export function runCountOfAdhoc(db: DB, adhocId: unknown): unknown {
  return db.prepare('SELECT COUNT(*) FROM ops_adhoc_executions WHERE adhoc = ?').pluck().get(adhocId);
}

/** The task monitor links a runner task to its run when the job center recorded one. */
export function hasRun(db: DB, id: string): boolean {
  return !!db.prepare('SELECT 1 FROM ops_adhoc_executions WHERE id = ?').get(id);
}

/** What stopping a run needs: its org and whether it has ended. */
export function runForStop(db: DB, id: string): { id: string; org_id: string; is_finished: number } | undefined {
  return db.prepare('SELECT id, org_id, is_finished FROM ops_adhoc_executions WHERE id = ?').get(id) as
    { id: string; org_id: string; is_finished: number } | undefined;
}

export function taskName(db: DB, taskId: unknown): unknown {
  return db.prepare('SELECT name FROM ops_tasks WHERE id = ?').pluck().get(taskId);
}

/** What running a task again needs: its name, org and latest version. */
export function taskForRun(
  db: DB,
  id: string,
): { id: string; name: string; org_id: string; latest_adhoc: string | null } | undefined {
  return db.prepare('SELECT id, name, org_id, latest_adhoc FROM ops_tasks WHERE id = ?').get(id) as
    { id: string; name: string; org_id: string; latest_adhoc: string | null } | undefined;
}

/** A version's module calls (`tasks`, JSON text), the task detail's `contents`. */
export function adhocTasks(db: DB, adhocId: unknown): string | undefined {
  return db.prepare('SELECT tasks FROM ops_adhocs WHERE id = ?').pluck().get(adhocId) as string | undefined;
}

/** A version's job record (JSON text, tasks/job-record.ts), from which "run again" builds the work. */
export function adhocJob(db: DB, adhocId: string): string | undefined {
  return db.prepare('SELECT job FROM ops_adhocs WHERE id = ?').pluck().get(adhocId) as string | undefined;
}
