// The terminal_tasks table's SQL beyond the engine's tasks resource (a terminal marks its task done there):
// the tasks a heartbeat hands its terminal, and the kill tasks the console queues (terminal-routes.ts).
import type { DB } from '../core/db/open.ts';

/** A terminal's unfinished tasks, oldest first. */
export function pendingTasksOf(db: DB, terminalId: string): Record<string, unknown>[] {
  return db
    .prepare('SELECT * FROM terminal_tasks WHERE terminal = ? AND is_finished = 0 ORDER BY date_created')
    .all(terminalId) as Record<string, unknown>[];
}

export function killPending(db: DB, sessionId: string): boolean {
  return !!db
    .prepare("SELECT 1 FROM terminal_tasks WHERE name = 'kill_session' AND args = ? AND is_finished = 0")
    .get(sessionId);
}

export function insertKillTask(db: DB, taskId: string, sessionId: string, terminalId: string | null, at: string) {
  db.prepare(
    "INSERT INTO terminal_tasks (id, name, args, terminal, is_finished, date_created) VALUES (?, 'kill_session', ?, ?, 0, ?)",
  ).run(taskId, sessionId, terminalId, at);
}
