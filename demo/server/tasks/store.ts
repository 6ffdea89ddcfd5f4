// Persisted task records (`celery_tasks`) and their append-only logs (`celery_task_logs`), in the
// shapes JumpServer's Celery endpoints answer with.
import type { DB } from '../core/db/open.ts';
import type { Lang } from '../core/lib/i18n.ts';
import { isoAt } from '../core/lib/time.ts';
import { logLine, type LogTone } from './log-text.ts';

export type TaskState = 'PENDING' | 'STARTED' | 'SUCCESS' | 'FAILURE';

export interface TaskRow {
  id: string;
  name: string;
  state: TaskState;
  result: string | null;
  date_created: string;
  date_start: string | null;
  date_finished: string | null;
  creator: string;
  creator_id: string;
  org_id: string;
}

/** Who started a task and in which org (`org_id` as `storedOrgId`, or the ROOT id): who may read its log. */
export interface TaskOwner {
  creator: string;
  creatorId: string;
  orgId: string;
  /** The language of the request that started the task: its log is written in it. */
  lang: Lang;
}

/** At most this many log characters per read, like JumpServer's 10 KiB buffer. */
const CHUNK_CHARS = 10 * 1024;

export class TaskStore {
  /** Who follows a task's log (the task-log WebSocket): called after each append and at the end. */
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  /** Calls `changed` whenever the task's log grows or the task ends; returns the unsubscribe. */
  watch(id: string, changed: () => void): () => void {
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(changed);
    return () => {
      set.delete(changed);
      if (!set.size && this.watchers.get(id) === set) this.watchers.delete(id);
    };
  }

  private notify(id: string): void {
    for (const changed of this.watchers.get(id) ?? []) changed();
  }

  create(id: string, name: string, owner: TaskOwner): void {
    this.db
      .prepare(
        'INSERT INTO celery_tasks (id, name, state, date_created, creator, creator_id, org_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(id, name, 'PENDING', isoAt(this.now()), owner.creator, owner.creatorId, owner.orgId);
  }

  started(id: string): void {
    this.db
      .prepare("UPDATE celery_tasks SET state = 'STARTED', date_start = ? WHERE id = ?")
      .run(isoAt(this.now()), id);
  }

  finished(id: string, state: 'SUCCESS' | 'FAILURE', result: unknown): void {
    this.db
      .prepare('UPDATE celery_tasks SET state = ?, result = ?, date_finished = ? WHERE id = ?')
      .run(state, JSON.stringify(result ?? null), isoAt(this.now()), id);
    this.notify(id);
  }

  get(id: string): TaskRow | undefined {
    return this.db.prepare('SELECT * FROM celery_tasks WHERE id = ?').get(id) as TaskRow | undefined;
  }

  /** Tasks a previous process left unfinished can never finish now: say so instead of "running" forever. */
  failInterrupted(reason: string): void {
    const ids = this.db
      .prepare("SELECT id FROM celery_tasks WHERE state IN ('PENDING', 'STARTED')")
      .pluck()
      .all() as string[];
    for (const id of ids) {
      this.appendLog(id, reason);
      this.finished(id, 'FAILURE', { error: reason });
    }
  }

  /** Lines are stored inert (log-text.ts): data can never drive the terminal that shows them. */
  appendLog(id: string, text: string, tone?: LogTone): void {
    const insert = this.db.prepare('INSERT INTO celery_task_logs (task_id, line) VALUES (?, ?)');
    // A bare \r stays in its line (shown as ^M): it would let data overwrite the line it sits in.
    for (const line of text.split(/\r?\n/)) insert.run(id, logLine(line, tone));
    this.notify(id);
  }

  hasLog(id: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM celery_task_logs WHERE task_id = ? LIMIT 1').get(id);
  }

  /**
   * Lines after `afterLogId` (the mark), `\r\n`-terminated, up to one chunk (always at least one line).
   * `rest` tells whether more lines were already written after this chunk.
   */
  readLog(id: string, afterLogId: number): { data: string; lastId: number; rest: boolean } {
    const rows = this.db
      .prepare('SELECT id, line FROM celery_task_logs WHERE task_id = ? AND id > ? ORDER BY id')
      .iterate(id, afterLogId) as IterableIterator<{ id: number; line: string }>;
    let data = '';
    let lastId = afterLogId;
    let rest = false;
    for (const row of rows) {
      if (data && data.length + row.line.length + 2 > CHUNK_CHARS) {
        rest = true;
        break;
      }
      data += `${row.line}\r\n`;
      lastId = row.id;
    }
    return { data, lastId, rest };
  }
}

/** A task as the task monitor lists it (ops/task-monitor-page.ts). */
export interface TaskLine {
  id: string;
  name: string;
  state: string;
  date_created: string;
  date_start: string | null;
  date_finished: string | null;
}

export function taskLine(db: DB, id: string): TaskLine | undefined {
  return db
    .prepare('SELECT id, name, state, date_created, date_start, date_finished FROM celery_tasks WHERE id = ?')
    .get(id) as TaskLine | undefined;
}

/** The 20 newest failed tasks. */
export function recentFailures(db: DB): TaskLine[] {
  return db
    .prepare(
      "SELECT id, name, state, date_created, date_start, date_finished FROM celery_tasks WHERE state = 'FAILURE' ORDER BY date_created DESC LIMIT 20",
    )
    .all() as TaskLine[];
}
