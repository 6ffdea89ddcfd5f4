// The terminal_sessions table's writes beyond the engine's create and update (a terminal opens and closes a
// session through the sessions resource): the flags a session's commands and recording set, the samples a new
// database shows, and the retention's deletes. Audit records are otherwise never rewritten.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { andInOrg } from '../core/orgs/current-org.ts';

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

// The dashboard's figures over the sessions of an org (every org in ROOT), as 2.3's IndexApi counts them
// (dashboard/figures.ts): "online" is an unfinished session, a window's sessions are those started after its
// start (ISO), users and assets are the names the sessions recorded.

type Count = { n: number };

/** The `n` of one of this section's COUNT statements (0 when it finds no row). */
const countOf = (db: DB, sql: string, params: unknown[]): number =>
  Number((db.prepare(sql).get(...params) as Count | undefined)?.n ?? 0);

/** Distinct users of the org's unfinished sessions. */
export function countOnlineSessionUsers(db: DB, org: Org): number {
  const inOrg = andInOrg(org);
  return countOf(db, `SELECT COUNT(DISTINCT user) AS n FROM terminal_sessions WHERE is_finished = 0${inOrg.sql}`, [
    ...inOrg.params,
  ]);
}

/** The org's unfinished sessions. */
export function countOnlineSessions(db: DB, org: Org): number {
  const inOrg = andInOrg(org);
  return countOf(db, `SELECT COUNT(*) AS n FROM terminal_sessions WHERE is_finished = 0${inOrg.sql}`, [
    ...inOrg.params,
  ]);
}

/** Sessions started from `startIso` up to `endIso` (one local day), with their distinct users and assets. */
export function sessionDayCounts(
  db: DB,
  org: Org,
  startIso: string,
  endIso: string,
): { login: number; users: number; assets: number } {
  const inOrg = andInOrg(org);
  return db
    .prepare(
      `SELECT COUNT(*) AS login, COUNT(DISTINCT user) AS users, COUNT(DISTINCT asset) AS assets
      FROM terminal_sessions WHERE date_start >= ? AND date_start < ?${inOrg.sql}`,
    )
    .get(startIso, endIso, ...inOrg.params) as { login: number; users: number; assets: number };
}

/** Sessions started after `sinceIso`. */
export function countSessionsSince(db: DB, org: Org, sinceIso: string): number {
  const inOrg = andInOrg(org);
  return countOf(db, `SELECT COUNT(*) AS n FROM terminal_sessions WHERE date_start > ?${inOrg.sql}`, [
    sinceIso,
    ...inOrg.params,
  ]);
}

/** Distinct users of the sessions started after `sinceIso`. */
export function countSessionUsersSince(db: DB, org: Org, sinceIso: string): number {
  const inOrg = andInOrg(org);
  return countOf(db, `SELECT COUNT(DISTINCT user) AS n FROM terminal_sessions WHERE date_start > ?${inOrg.sql}`, [
    sinceIso,
    ...inOrg.params,
  ]);
}

/** Distinct assets of the sessions started after `sinceIso`. */
export function countSessionAssetsSince(db: DB, org: Org, sinceIso: string): number {
  const inOrg = andInOrg(org);
  return countOf(db, `SELECT COUNT(DISTINCT asset) AS n FROM terminal_sessions WHERE date_start > ?${inOrg.sql}`, [
    sinceIso,
    ...inOrg.params,
  ]);
}

/** Users or assets of the sessions started after `sinceIso` by session count, most first (ties: latest, then name). */
export function topSessionNames(
  db: DB,
  org: Org,
  sinceIso: string,
  column: 'user' | 'asset',
  limit: number,
): { name: string; total: number; last: string }[] {
  const inOrg = andInOrg(org);
  return db
    .prepare(
      `SELECT ${column} AS name, COUNT(*) AS total, MAX(date_start) AS last FROM terminal_sessions
      WHERE date_start > ?${inOrg.sql} GROUP BY ${column} ORDER BY total DESC, last DESC, name LIMIT ${limit}`,
    )
    .all(sinceIso, ...inOrg.params) as { name: string; total: number; last: string }[];
}

/** The latest sessions started after `sinceIso`. */
export function latestSessionsSince(
  db: DB,
  org: Org,
  sinceIso: string,
  limit: number,
): { id: string; user: string; asset: string; is_finished: number; date_start: string }[] {
  const inOrg = andInOrg(org);
  return db
    .prepare(
      `SELECT id, user, asset, is_finished, date_start FROM terminal_sessions
      WHERE date_start > ?${inOrg.sql} ORDER BY date_start DESC, id LIMIT ${limit}`,
    )
    .all(sinceIso, ...inOrg.params) as {
    id: string;
    user: string;
    asset: string;
    is_finished: number;
    date_start: string;
  }[];
}

// Reads of the terminal_sessions table beyond the engine's list and detail.

export function sessionExists(db: DB, sessionId: string): boolean {
  return !!db.prepare('SELECT 1 FROM terminal_sessions WHERE id = ?').get(sessionId);
}

export function sessionById(db: DB, sessionId: string): Record<string, unknown> | undefined {
  return db.prepare('SELECT * FROM terminal_sessions WHERE id = ?').get(sessionId) as
    Record<string, unknown> | undefined;
}

/** The session if it is in the org whose stored id is `orgId` (null: any org, as ROOT sees them). */
export function sessionInOrg(db: DB, sessionId: string, orgId: string | null): Record<string, unknown> | undefined {
  return (
    orgId === null
      ? sessionById(db, sessionId)
      : db.prepare('SELECT * FROM terminal_sessions WHERE id = ? AND org_id = ?').get(sessionId, orgId)
  ) as Record<string, unknown> | undefined;
}

/** The id and terminal of an unfinished session in the org (null: any org): a kill task's target. */
export function unfinishedSessionInOrg(
  db: DB,
  sessionId: string,
  orgId: string | null,
): { id: string; terminal: string | null } | undefined {
  return (
    orgId === null
      ? db.prepare('SELECT id, terminal FROM terminal_sessions WHERE id = ? AND is_finished = 0').get(sessionId)
      : db
          .prepare('SELECT id, terminal FROM terminal_sessions WHERE id = ? AND is_finished = 0 AND org_id = ?')
          .get(sessionId, orgId)
  ) as { id: string; terminal: string | null } | undefined;
}

/** What a command of the session takes from it, and the span its timestamps must fall in (command-write.ts). */
export interface CommandSessionFields {
  terminal: string | null;
  org_id: string;
  user: string;
  asset: string;
  system_user: string;
  date_start: string;
  date_end: string | null;
  is_finished: number;
}

export function commandSessionFields(db: DB, sessionId: string): CommandSessionFields | undefined {
  return db
    .prepare(
      'SELECT terminal, org_id, user, asset, system_user, date_start, date_end, is_finished FROM terminal_sessions WHERE id = ?',
    )
    .get(sessionId) as CommandSessionFields | undefined;
}

/** Whether a live session may be joined, and by whom (join-validate.ts). */
export function joinableFields(
  db: DB,
  sessionId: string,
): { is_finished: number; protocol: string; org_id: string } | undefined {
  return db.prepare('SELECT is_finished, protocol, org_id FROM terminal_sessions WHERE id = ?').get(sessionId) as
    { is_finished: number; protocol: string; org_id: string } | undefined;
}

/** Whether `userId` ran the session. */
export function sessionRanBy(db: DB, sessionId: string, userId: string): boolean {
  return !!db.prepare('SELECT 1 FROM terminal_sessions WHERE id = ? AND user_id = ?').get(sessionId, userId);
}

/** The terminal that opened the session (null when none did); undefined for an unknown session. */
export function terminalOfSession(db: DB, sessionId: string | undefined): string | null | undefined {
  return db.prepare('SELECT terminal FROM terminal_sessions WHERE id = ?').pluck().get(sessionId) as
    string | null | undefined;
}

/** At most `limit` sessions that started before `beforeIso` (the retention's batch). */
export function sessionsStartedBefore(db: DB, beforeIso: string, limit: number): string[] {
  return db
    .prepare('SELECT id FROM terminal_sessions WHERE date_start < ? LIMIT ?')
    .pluck()
    .all(beforeIso, limit) as string[];
}
