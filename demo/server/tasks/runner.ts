// The in-process task runner: tasks are persisted, queued, run at most `concurrency` at a time and
// write their progress to the task log. Work functions must bound each of their own steps (SSH
// connect/exec timeouts); closing the runner aborts running work through its AbortSignal.
import { pick, type Lang } from '../core/lib/i18n.ts';
import { uuid } from '../core/lib/ids.ts';
import { noteStorageFault } from '../core/lib/storage-fault.ts';
import { TASK_LOG } from './log-messages.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import type { LogTone } from './log-text.ts';
import type { JobRecord } from './job-record.ts';
import { TaskStore, type TaskOwner, type TaskState } from './store.ts';

export interface TaskContext {
  id: string;
  /** Appends one or more lines to the task log, coloured by `tone` (the only colour a log can carry). */
  log(text: string, tone?: LogTone): void;
  /** The language the log is written in (the starting request's). */
  lang: Lang;
  /** Aborted when the server closes. */
  signal: AbortSignal;
  /** Per-step timeout for network work (buildApp option `sshTimeoutMs`). */
  timeoutMs: number;
  /** Where network work may connect (buildApp option `allowedTargets`). */
  policy: TargetPolicy;
}

export type TaskWork = (task: TaskContext) => Promise<unknown>;

/**
 * Told of every task's life (the job center records tasks, versions and runs from it). Called
 * synchronously inside the runner's own steps, so a record exists before `submit` returns.
 */
export interface TaskObserver {
  submitted(id: string, name: string, owner: TaskOwner, job: JobRecord | undefined): void;
  started(id: string): void;
  finished(id: string, state: Extract<TaskState, 'SUCCESS' | 'FAILURE'>, result: unknown): void;
}

interface Queued {
  id: string;
  work: TaskWork;
  lang: Lang;
  stop: AbortController;
}

export class TaskRunner {
  private readonly queue: Queued[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly aborter = new AbortController();
  private isClosed = false;
  private readonly observers: TaskObserver[] = [];
  /** Each queued or running task's own stop (`cancel`), beside the runner-wide one. */
  private readonly stops = new Map<string, AbortController>();

  constructor(
    readonly store: TaskStore,
    readonly timeoutMs: number,
    readonly policy: TargetPolicy,
    private readonly concurrency = 2,
  ) {
    store.failInterrupted('Task interrupted: the server stopped before it finished');
  }

  /** True once the server began to stop: `submit` refuses new work. */
  get closed(): boolean {
    return this.isClosed;
  }

  observe(observer: TaskObserver): void {
    this.observers.push(observer);
  }

  /**
   * Records a PENDING task and schedules it; returns the task id at once. `job` says what the work
   * is (kind, hosts, run-as) so it can be recorded and run again; `id` lets a caller name the task
   * before it exists (a batch command's execution id is its task id, as in 2.3).
   */
  submit(name: string, owner: TaskOwner, work: TaskWork, job?: JobRecord, id = uuid()): string {
    if (this.isClosed) throw new Error('The task runner is closed');
    this.store.create(id, name, owner);
    for (const observer of this.observers) observer.submitted(id, name, owner, job);
    const stop = new AbortController();
    this.stops.set(id, stop);
    this.queue.push({ id, work, lang: owner.lang, stop });
    this.pump();
    return id;
  }

  /** What the task monitor shows: the worker's slots, the ids running and those waiting, in order. */
  snapshot(): { concurrency: number; running: string[]; queued: string[] } {
    return {
      concurrency: this.concurrency,
      running: [...this.running.keys()],
      queued: this.queue.map((entry) => entry.id),
    };
  }

  /** True while the task is queued or running. */
  isActive(id: string): boolean {
    return this.stops.has(id);
  }

  /**
   * Stops one queued or running task: its work sees its signal aborted and the task ends as FAILURE
   * with `reason` in its log. False when the task is not queued or running here.
   */
  cancel(id: string, reason: string): boolean {
    const stop = this.stops.get(id);
    if (!stop) return false;
    const queued = this.queue.findIndex((entry) => entry.id === id);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.stops.delete(id);
      this.store.appendLog(id, reason, 'fail');
      this.finish(id, 'FAILURE', { error: reason });
      return true;
    }
    stop.abort(new Error(reason));
    return true;
  }

  /** Resolves when nothing is queued or running (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size || this.queue.length) await Promise.race(this.running.values());
  }

  /** Aborts running work, fails queued tasks and waits for the running ones to settle. */
  async close(): Promise<void> {
    this.isClosed = true;
    this.aborter.abort();
    for (const { id } of this.queue.splice(0)) {
      this.stops.delete(id);
      this.store.appendLog(id, 'Task cancelled: the server is stopping');
      this.finish(id, 'FAILURE', { error: 'cancelled' });
    }
    await Promise.allSettled(this.running.values());
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length) {
      const next = this.queue.shift()!;
      const done = this.execute(next).finally(() => {
        this.running.delete(next.id);
        if (!this.isClosed) this.pump();
      });
      this.running.set(next.id, done);
    }
  }

  /**
   * Runs one task and never rejects: a task whose record cannot be written (the disk is full, the
   * database read-only) is said on stderr and its slot freed, the runner and the server carry on.
   */
  private async execute(queued: Queued): Promise<void> {
    try {
      await this.run(queued);
    } catch (error) {
      this.stops.delete(queued.id);
      noteStorageFault(error);
      console.error(
        `[tasks] task ${queued.id} could not be recorded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async run({ id, work, lang, stop }: Queued): Promise<void> {
    const { store } = this;
    store.started(id);
    for (const observer of this.observers) observer.started(id);
    const context: TaskContext = {
      id,
      lang,
      signal: AbortSignal.any([this.aborter.signal, stop.signal]),
      timeoutMs: this.timeoutMs,
      policy: this.policy,
      log: (text, tone) => store.appendLog(id, text, tone),
    };
    try {
      const result = await work(context);
      this.finish(id, 'SUCCESS', result);
    } catch (error) {
      // A stopped task says why it stopped (the reason given to `cancel`), not what the abort broke.
      const cause = stop.signal.aborted ? stop.signal.reason : error;
      const message = cause instanceof Error ? cause.message : String(cause);
      store.appendLog(id, pick(lang, TASK_LOG.taskFailed, { reason: message }), 'fail');
      this.finish(id, 'FAILURE', { error: message });
    } finally {
      this.stops.delete(id);
    }
  }

  private finish(id: string, state: 'SUCCESS' | 'FAILURE', result: unknown): void {
    this.store.finished(id, state, result);
    for (const observer of this.observers) observer.finished(id, state, result);
  }
}
