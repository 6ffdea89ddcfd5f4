// The commands table's writes: the batches terminals send (checked by command-write.ts), the samples of a new
// database, and the deletes that go with their session's (retention, samples). A command is never changed.
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';
import { SEQ_SPAN } from './command-query.ts';
import { markHasCommand } from './session-store.ts';

/** Checked rows in one transaction, each numbered after the last of its second; their sessions marked. */
const INSERT_COMMAND = `INSERT INTO commands (seq, id, user, asset, system_user, input, output, session, risk_level, org_id, timestamp)
    VALUES (@seq, @id, @user, @asset, @system_user, @input, @output, @session, @risk_level, @org_id, @timestamp)`;

export function insertCommands(db: DB, rows: Row[]): void {
  const insert = db.prepare(INSERT_COMMAND);
  // seq = timestamp * 2^20 + the next free number of that second (migration 12).
  const lastOfSecond = db.prepare('SELECT MAX(seq) FROM commands WHERE seq BETWEEN ? AND ?').pluck();
  db.transaction(() => {
    for (const row of rows) {
      const base = Number(row.timestamp) * SEQ_SPAN;
      const last = lastOfSecond.get(base, base + SEQ_SPAN - 1) as number | null;
      insert.run({ ...row, seq: last === null ? base : last + 1 });
    }
    for (const session of new Set(rows.map((row) => String(row.session)))) markHasCommand(db, session);
  })();
}

/** A sample command, numbered `index` within its second (a new database's samples never share one). */
export function insertSampleCommand(db: DB, index: number, row: Row & { timestamp: number }): void {
  db.prepare(INSERT_COMMAND).run({ ...row, seq: row.timestamp * SEQ_SPAN + index });
}

/** Only with its session (session-store.ts deleteSession), in the caller's transaction. */
export function deleteCommandsOf(db: DB, sessionId: string): void {
  db.prepare('DELETE FROM commands WHERE session = ?').run(sessionId);
}

export function deleteSampleCommands(db: DB, orgId: string): void {
  db.prepare(
    'DELETE FROM commands WHERE session IN (SELECT id FROM terminal_sessions WHERE is_sample = 1 AND org_id = ?)',
  ).run(orgId);
}

// Reads of single sessions' commands (the list's queries: command-list-store.ts).

/** The session a stored command id belongs to (a resent batch's repeat), if it is stored. */
export function sessionOfCommand(db: DB, commandId: string): string | undefined {
  return db.prepare('SELECT session FROM commands WHERE id = ?').pluck().get(commandId) as string | undefined;
}

/** A session's commands in the order they ran (a sample's replay is made from them: sample-replay.ts). */
export function commandsOfSession(
  db: DB,
  sessionId: unknown,
): { input: string; output: string; risk_level: number; timestamp: number }[] {
  return db
    .prepare('SELECT input, output, risk_level, timestamp FROM commands WHERE session = ? ORDER BY seq')
    .all(sessionId) as { input: string; output: string; risk_level: number; timestamp: number }[];
}

export function commandCountOfSession(db: DB, sessionId: unknown): unknown {
  return db.prepare('SELECT COUNT(*) FROM commands WHERE session = ?').pluck().get(sessionId);
}
