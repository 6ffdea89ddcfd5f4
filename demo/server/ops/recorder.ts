// Records every job the task runner takes as 2.3's job center does (§2.7): the task (one per name and
// org), its version (a new AdHoc only when what runs changed: module and arguments, hosts, run-as) and
// the run (AdHocExecution, whose id is the runner task's id and whose log is that task's log). It
// observes the runner (tasks/runner.ts), so no job can run unrecorded.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { ROOT_ORG_ID } from '../core/orgs/current-org.ts';
import { adhocShape, type AdhocShape, type JobRecord } from '../tasks/job-record.ts';
import type { TaskObserver } from '../tasks/runner.ts';
import type { TaskOwner } from '../tasks/store.ts';
import { markExecutionFinished, markExecutionStarted, settleExecutionsFromTasks } from './execution-store.ts';

const EMPTY_SHAPE: AdhocShape = {
  tasks: [],
  pattern: 'all',
  options: {},
  hosts: [],
  run_as_admin: false,
  run_as: '',
  become: {},
};

/**
 * 2.3's summary (`contacted` hosts, `dark` ones with their reason), and the hosts a job did not try
 * (`skipped`: disabled, no admin user…). A skipped host is no failure: a refresh of one disabled asset
 * ("0 updated, 0 failed, 1 skipped") was listed as 失败 when skipped hosts counted as dark.
 */
export interface ExecutionSummary {
  contacted: string[];
  dark: Record<string, string>;
  skipped?: Record<string, string>;
}

const reasons = (part: unknown): Record<string, string> =>
  part && typeof part === 'object' && !Array.isArray(part)
    ? Object.fromEntries(Object.entries(part).map(([host, reason]) => [host, String(reason)]))
    : {};

export function summaryOf(state: 'SUCCESS' | 'FAILURE', result: unknown): ExecutionSummary {
  const outcome = (result && typeof result === 'object' ? result : {}) as {
    ok?: unknown;
    failed?: unknown;
    skipped?: unknown;
    error?: unknown;
  };
  const dark = reasons(outcome.failed);
  const skipped = reasons(outcome.skipped);
  const contacted = Array.isArray(outcome.ok) ? outcome.ok.map(String) : [];
  if (state === 'FAILURE' && !contacted.length && !Object.keys(dark).length && outcome.error)
    dark.all = String(outcome.error);
  return { contacted, dark, skipped };
}

/**
 * The org a job is recorded in: a batch command's run-as system user's (2.3 files command executions
 * there), else the org the request ran in; a job started from ROOT goes to its hosts' org.
 */
function orgOf(db: DB, owner: TaskOwner, job: JobRecord | undefined, hosts: string[]): string {
  if (job?.kind === 'command') {
    const org = db.prepare('SELECT org_id FROM system_users WHERE id = ?').pluck().get(job.run_as) as
      string | undefined;
    if (org !== undefined) return org;
  }
  if (owner.orgId === ROOT_ORG_ID && hosts.length) {
    const org = db.prepare('SELECT org_id FROM assets WHERE id = ?').pluck().get(hosts[0]) as string | undefined;
    if (org !== undefined) return org;
  }
  return owner.orgId;
}

const sameShape = (row: Record<string, unknown>, shape: AdhocShape, job: string) =>
  row.tasks === JSON.stringify(shape.tasks) &&
  row.pattern === shape.pattern &&
  row.options === JSON.stringify(shape.options) &&
  row.hosts === JSON.stringify(shape.hosts) &&
  Number(row.run_as_admin) === Number(shape.run_as_admin) &&
  row.run_as === shape.run_as &&
  row.become === JSON.stringify(shape.become) &&
  row.job === job;

export function jobCenterRecorder(db: DB, now: () => number): TaskObserver {
  const submitted = db.transaction((id: string, name: string, owner: TaskOwner, job: JobRecord | undefined) => {
    const shape = job ? adhocShape(job) : EMPTY_SHAPE;
    const org = orgOf(db, owner, job, shape.hosts);
    const at = isoAt(now());
    let taskId = db.prepare('SELECT id FROM ops_tasks WHERE org_id = ? AND name = ?').pluck().get(org, name) as
      string | undefined;
    if (!taskId) {
      taskId = uuid();
      db.prepare(
        'INSERT INTO ops_tasks (id, name, date_created, date_updated, created_by, org_id) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(taskId, name, at, at, owner.creator, org);
    }
    const jobText = JSON.stringify(job ?? null);
    const latest = db
      .prepare('SELECT * FROM ops_adhocs WHERE task = ? ORDER BY date_created DESC, rowid DESC LIMIT 1')
      .get(taskId) as Record<string, unknown> | undefined;
    let adhocId = latest && sameShape(latest, shape, jobText) ? String(latest.id) : '';
    if (!adhocId) {
      adhocId = uuid();
      db.prepare(
        `INSERT INTO ops_adhocs (id, task, tasks, pattern, options, hosts, run_as_admin, run_as, become, job, created_by, date_created, org_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        adhocId,
        taskId,
        JSON.stringify(shape.tasks),
        shape.pattern,
        JSON.stringify(shape.options),
        JSON.stringify(shape.hosts),
        shape.run_as_admin ? 1 : 0,
        shape.run_as,
        JSON.stringify(shape.become),
        jobText,
        owner.creator,
        at,
        org,
      );
    }
    db.prepare(
      `INSERT INTO ops_adhoc_executions (id, task, task_display, adhoc, hosts_amount, date_start, created_by, org_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, taskId, name, adhocId, shape.hosts.length, at, owner.creator, org);
    db.prepare('UPDATE ops_tasks SET latest_adhoc = ?, latest_execution = ?, date_updated = ? WHERE id = ?').run(
      adhocId,
      id,
      at,
      taskId,
    );
  });

  const finished = db.transaction((id: string, state: 'SUCCESS' | 'FAILURE', result: unknown) => {
    const run = db.prepare('SELECT task, date_start FROM ops_adhoc_executions WHERE id = ?').get(id) as
      { task: string | null; date_start: string } | undefined;
    const at = now();
    const summary = summaryOf(state, result);
    const success = state === 'SUCCESS' && !Object.keys(summary.dark).length;
    if (run) {
      const seconds = Math.max(0, (at - Date.parse(run.date_start)) / 1000);
      db.prepare(
        `UPDATE ops_adhoc_executions SET is_finished = 1, is_success = ?, date_finished = ?, timedelta = ?, result = ?, summary = ?
        WHERE id = ?`,
      ).run(
        success ? 1 : 0,
        isoAt(at),
        Math.round(seconds * 1000) / 1000,
        JSON.stringify(result ?? {}),
        JSON.stringify(summary),
        id,
      );
      if (run.task) {
        db.prepare(
          'UPDATE ops_tasks SET total_run_amount = total_run_amount + 1, success_run_amount = success_run_amount + ?, date_updated = ? WHERE id = ?',
        ).run(success ? 1 : 0, isoAt(at), run.task);
      }
    }
    // A batch command's own row (its id is the task's id): what the command-execution audit log shows.
    const outcome = result && typeof result === 'object' ? { ...(result as Record<string, unknown>) } : {};
    if (state === 'FAILURE' && !('error' in outcome)) outcome.error = 'failed';
    markExecutionFinished(db, id, isoAt(at), JSON.stringify(outcome));
  });

  return {
    submitted: (id, name, owner, job) => submitted(id, name, owner, job),
    started: (id) => {
      const at = isoAt(now());
      db.prepare('UPDATE ops_adhoc_executions SET date_start = ? WHERE id = ?').run(at, id);
      markExecutionStarted(db, id, at);
    },
    finished: (id, state, result) => finished(id, state, result),
  };
}

/**
 * Runs a previous process left unfinished: the runner failed their tasks at start (before this
 * recorder observed it), so their records take the outcome their tasks were given.
 */
export function settleInterrupted(db: DB): void {
  const rows = db
    .prepare(
      `SELECT e.id, c.state, c.result, c.date_finished FROM ops_adhoc_executions e JOIN celery_tasks c ON c.id = e.id
    WHERE e.is_finished = 0 AND c.state IN ('SUCCESS', 'FAILURE')`,
    )
    .all() as { id: string; state: 'SUCCESS' | 'FAILURE'; result: string | null; date_finished: string }[];
  for (const row of rows) {
    const result = row.result ? JSON.parse(row.result) : {};
    db.prepare(
      'UPDATE ops_adhoc_executions SET is_finished = 1, is_success = 0, date_finished = ?, result = ?, summary = ? WHERE id = ?',
    ).run(row.date_finished, JSON.stringify(result ?? {}), JSON.stringify(summaryOf(row.state, result)), row.id);
  }
  settleExecutionsFromTasks(db);
}
