// The in-process task runner: tasks are persisted, queued, run at most `concurrency` at a time and
// write their progress to the task log. Work functions must bound each of their own steps (SSH
// connect/exec timeouts); closing the runner aborts running work through its AbortSignal.
import { pick, type Lang } from '../lib/i18n.ts';
import { uuid } from '../lib/ids.ts';
import { TASK_LOG } from './log-messages.ts';
import type { TargetPolicy } from '../net/allowed-targets.ts';
import type { LogTone } from './log-text.ts';
import { TaskStore, type TaskOwner } from './store.ts';

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

interface Queued { id: string; work: TaskWork; lang: Lang }

export class TaskRunner {
  private readonly queue: Queued[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly aborter = new AbortController();
  private isClosed = false;

  constructor(readonly store: TaskStore, readonly timeoutMs: number, readonly policy: TargetPolicy, private readonly concurrency = 2) {
    store.failInterrupted('Task interrupted: the server stopped before it finished');
  }

  /** True once the server began to stop: `submit` refuses new work. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Records a PENDING task and schedules it; returns the task id at once. */
  submit(name: string, owner: TaskOwner, work: TaskWork): string {
    if (this.isClosed) throw new Error('The task runner is closed');
    const id = uuid();
    this.store.create(id, name, owner);
    this.queue.push({ id, work, lang: owner.lang });
    this.pump();
    return id;
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
      this.store.appendLog(id, 'Task cancelled: the server is stopping');
      this.store.finished(id, 'FAILURE', { error: 'cancelled' });
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

  private async execute({ id, work, lang }: Queued): Promise<void> {
    const { store } = this;
    store.started(id);
    const context: TaskContext = {
      id, lang, signal: this.aborter.signal, timeoutMs: this.timeoutMs, policy: this.policy,
      log: (text, tone) => store.appendLog(id, text, tone),
    };
    try {
      const result = await work(context);
      store.finished(id, 'SUCCESS', result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      store.appendLog(id, pick(lang, TASK_LOG.taskFailed, { reason: message }), 'fail');
      store.finished(id, 'FAILURE', { error: message });
    }
  }
}
