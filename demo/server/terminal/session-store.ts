// The terminal_sessions table's writes beyond the engine's create and update (a terminal opens and closes a
// session through the sessions resource): the flags a session's commands and recording set, the samples a new
// database shows, and the retention's deletes. Audit records are otherwise never rewritten.
import type { DB } from '../core/db/open.ts';

/** A sample session of a new database (seed/session-samples.ts): finished, recorded, with commands. */
export interface SampleSession {
  id: string;
  user: string;
  user_id: string;
  asset: string;
  asset_id: string;
  system_user: string;
  system_user_id: string;
  login_from: string;
  remote_addr: string;
  protocol: string;
  date_start: string;
  date_end: string;
  org_id: string;
}

export function insertSampleSession(db: DB, session: SampleSession): void {
  db.prepare(
    `INSERT INTO terminal_sessions (id, user, user_id, asset, asset_id, system_user, system_user_id, login_from,
    remote_addr, is_success, is_finished, has_replay, has_command, protocol, date_start, date_end, org_id, is_sample)
    VALUES (@id, @user, @user_id, @asset, @asset_id, @system_user, @system_user_id, @login_from, @remote_addr, 1, 1, 1, 1,
    @protocol, @date_start, @date_end, @org_id, 1)`,
  ).run(session);
}

/** The session has at least one command (set once, by the first batch that names it). */
export function markHasCommand(db: DB, sessionId: string): void {
  db.prepare('UPDATE terminal_sessions SET has_command = 1 WHERE id = ? AND has_command = 0').run(sessionId);
}

/** The session's recording is kept (a file here, or an object in the replay storage). */
export function markHasReplay(db: DB, sessionId: string): void {
  db.prepare('UPDATE terminal_sessions SET has_replay = 1 WHERE id = ?').run(sessionId);
}

/** Only the retention (session-retention.ts), with the session's commands, in one transaction. */
export function deleteSession(db: DB, sessionId: string): void {
  db.prepare('DELETE FROM terminal_sessions WHERE id = ?').run(sessionId);
}

/** An org's sample sessions, gone at its first real session or FTP row (their commands first: command-store.ts). */
export function deleteSampleSessions(db: DB, orgId: string): void {
  db.prepare('DELETE FROM terminal_sessions WHERE is_sample = 1 AND org_id = ?').run(orgId);
}
