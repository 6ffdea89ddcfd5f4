// The batch-command audit records (command_executions and command_execution_hosts), written only here: a run
// with its hosts (a real one ends the seeded samples), its start and end as the task runner reports them, the
// runs a previous process left unfinished, and the samples of a new database.
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';

export interface ExecutionRow {
  id: string;
  run_as: string;
  user: string;
  command: string;
  is_finished: 0 | 1;
  result: string;
  date_created: string;
  date_start: string | null;
  date_finished: string | null;
  org_id: string;
}

const INSERT = `INSERT INTO command_executions (id, run_as, user, command, is_finished, result, date_created, date_start,
  date_finished, org_id, is_sample) VALUES (@id, @run_as, @user, @command, @is_finished, @result, @date_created,
  @date_start, @date_finished, @org_id, @is_sample)`;

function insertHosts(db: DB, executionId: string, assetIds: readonly string[]): void {
  const insert = db.prepare('INSERT INTO command_execution_hosts (commandexecution_id, asset_id) VALUES (?, ?)');
  for (const assetId of assetIds) insert.run(executionId, assetId);
}

/** A real run and its hosts, in one transaction; the seeded samples stand in only until the first one. */
export function insertExecution(db: DB, row: ExecutionRow, assetIds: readonly string[]): void {
  db.transaction(() => {
    db.prepare('DELETE FROM command_executions WHERE is_sample = 1').run();
    db.prepare(INSERT).run({ ...row, is_sample: 0 });
    insertHosts(db, row.id, assetIds);
  })();
}

/** A sample run of a new database (seed/audits.ts), finished, with its hosts. */
export function insertSampleExecution(db: DB, row: ExecutionRow, assetIds: readonly string[]): void {
  db.prepare(INSERT).run({ ...row, is_sample: 1 });
  insertHosts(db, row.id, assetIds);
}

export function markExecutionStarted(db: DB, id: string, atIso: string): void {
  db.prepare('UPDATE command_executions SET date_start = ? WHERE id = ?').run(atIso, id);
}

export function markExecutionFinished(db: DB, id: string, atIso: string, result: string): void {
  db.prepare('UPDATE command_executions SET is_finished = 1, date_finished = ?, result = ? WHERE id = ?').run(
    atIso,
    result,
    id,
  );
}

/** Runs a previous process left unfinished take the outcome the runner gave their tasks at start. */
export function settleExecutionsFromTasks(db: DB): void {
  db.prepare(
    `UPDATE command_executions SET is_finished = 1, date_finished = COALESCE(date_finished, (SELECT date_finished FROM celery_tasks c WHERE c.id = command_executions.id)),
      result = (SELECT COALESCE(c.result, '{}') FROM celery_tasks c WHERE c.id = command_executions.id)
    WHERE is_finished = 0 AND id IN (SELECT id FROM celery_tasks WHERE state IN ('SUCCESS', 'FAILURE'))`,
  ).run();
}

/** A run's row as the command-executions resource serializes it. */
export function executionById(db: DB, id: string): Row {
  return db.prepare('SELECT * FROM command_executions WHERE id = ?').get(id) as Row;
}

/** What stopping a run needs: who started it, its org, whether it has ended. */
export function executionForStop(
  db: DB,
  id: string,
): { id: string; user: string | null; org_id: string; is_finished: number } | undefined {
  return db.prepare('SELECT id, user, org_id, is_finished FROM command_executions WHERE id = ?').get(id) as
    { id: string; user: string | null; org_id: string; is_finished: number } | undefined;
}

/** The run's hosts, in the order they were given (also the audit list's `hosts`). */
export function executionHosts(db: DB, executionId: unknown): string[] {
  return db
    .prepare('SELECT asset_id FROM command_execution_hosts WHERE commandexecution_id = ? ORDER BY id')
    .pluck()
    .all(executionId) as string[];
}
