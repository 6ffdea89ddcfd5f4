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
import { assetOrg } from '../assets/asset-store.ts';
import { systemUserOrg } from '../assets/system-user-store.ts';
import { markExecutionFinished, markExecutionStarted, settleExecutionsFromTasks } from './execution-store.ts';
import {
  countTaskRun,
  finishRun,
  insertAdhoc,
  insertRun,
  insertTask,
  interruptedRuns,
  latestAdhoc,
  runStart,
  setRunStart,
  setTaskLatest,
  settleRun,
  taskIdByName,
} from './job-center-store.ts';

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
    const org = systemUserOrg(db, job.run_as);
    if (org !== undefined) return org;
  }
  if (owner.orgId === ROOT_ORG_ID && hosts.length) {
    const org = assetOrg(db, hosts[0]);
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
    let taskId = taskIdByName(db, org, name);
    if (!taskId) {
      taskId = uuid();
      insertTask(db, taskId, name, at, owner.creator, org);
    }
    const jobText = JSON.stringify(job ?? null);
    const latest = latestAdhoc(db, taskId);
    let adhocId = latest && sameShape(latest, shape, jobText) ? String(latest.id) : '';
    if (!adhocId) {
      adhocId = uuid();
      insertAdhoc(db, {
        id: adhocId,
        task: taskId,
        tasks: JSON.stringify(shape.tasks),
        pattern: shape.pattern,
        options: JSON.stringify(shape.options),
        hosts: JSON.stringify(shape.hosts),
        run_as_admin: shape.run_as_admin ? 1 : 0,
        run_as: shape.run_as,
        become: JSON.stringify(shape.become),
        job: jobText,
        created_by: owner.creator,
        date_created: at,
        org_id: org,
      });
    }
    insertRun(db, {
      id,
      task: taskId,
      task_display: name,
      adhoc: adhocId,
      hosts_amount: shape.hosts.length,
      date_start: at,
      created_by: owner.creator,
      org_id: org,
    });
    setTaskLatest(db, taskId, adhocId, id, at);
  });

  const finished = db.transaction((id: string, state: 'SUCCESS' | 'FAILURE', result: unknown) => {
    const run = runStart(db, id);
    const at = now();
    const summary = summaryOf(state, result);
    const success = state === 'SUCCESS' && !Object.keys(summary.dark).length;
    if (run) {
      const seconds = Math.max(0, (at - Date.parse(run.date_start)) / 1000);
      finishRun(
        db,
        id,
        success,
        isoAt(at),
        Math.round(seconds * 1000) / 1000,
        JSON.stringify(result ?? {}),
        JSON.stringify(summary),
      );
      if (run.task) countTaskRun(db, run.task, success, isoAt(at));
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
      setRunStart(db, id, at);
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
  for (const row of interruptedRuns(db)) {
    const result = row.result ? JSON.parse(row.result) : {};
    settleRun(
      db,
      row.id,
      row.date_finished,
      JSON.stringify(result ?? {}),
      JSON.stringify(summaryOf(row.state, result)),
    );
  }
  settleExecutionsFromTasks(db);
}
