// The terminals table's writes beyond the engine's update of a terminal (name, comment, storages, accepted):
// a terminal made with its service account, what each heartbeat reports, and the soft delete that keeps its
// sessions' owner readable.
import type { DB } from '../core/db/open.ts';

export interface TerminalRowValues {
  id: string;
  name: string;
  remoteAddr: string;
  sshPort: number;
  httpPort: number;
  commandStorage: string;
  replayStorage: string;
  userId: string;
  accepted: boolean;
  comment: string;
  dateCreated: string;
}

export function insertTerminal(db: DB, terminal: TerminalRowValues): void {
  db.prepare(
    `INSERT INTO terminals (id, name, remote_addr, ssh_port, http_port, command_storage, replay_storage, user_id,
    is_accepted, comment, date_created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    terminal.id,
    terminal.name,
    terminal.remoteAddr,
    terminal.sshPort,
    terminal.httpPort,
    terminal.commandStorage,
    terminal.replayStorage,
    terminal.userId,
    terminal.accepted ? 1 : 0,
    terminal.comment,
    terminal.dateCreated,
  );
}

/** One heartbeat's figures: when, how many sessions, load, and the data folder's state (terminal-routes.ts). */
export interface Heartbeat {
  at: number;
  sessionOnline: number;
  cpuLoad: number;
  memoryUsed: number;
  storageFreeBytes: unknown;
  storageTotalBytes: unknown;
  storageFault: unknown;
  storageLastFault: unknown;
}

export function recordHeartbeat(db: DB, terminalId: string, beat: Heartbeat): void {
  db.prepare(
    `UPDATE terminals SET last_heartbeat = ?, session_online = ?, cpu_load = ?, memory_used = ?,
    storage_free_bytes = ?, storage_total_bytes = ?, storage_fault = ?, storage_last_fault = ? WHERE id = ?`,
  ).run(
    beat.at,
    beat.sessionOnline,
    beat.cpuLoad,
    beat.memoryUsed,
    beat.storageFreeBytes,
    beat.storageTotalBytes,
    beat.storageFault,
    beat.storageLastFault,
    terminalId,
  );
}

/** Where the terminal's doors listen, as its heartbeat says (several terminals on one host). */
export function setDoorPorts(
  db: DB,
  terminalId: string,
  doors: { ssh?: number; http?: { port: number; host: string } },
) {
  if (doors.ssh) db.prepare('UPDATE terminals SET ssh_port = ? WHERE id = ?').run(doors.ssh, terminalId);
  if (doors.http)
    db.prepare('UPDATE terminals SET http_port = ?, http_host = ? WHERE id = ?').run(
      doors.http.port,
      doors.http.host,
      terminalId,
    );
}

/** How the terminal's object-store uploads stand (pending, the first sessions, the last error and since when). */
export function setReplayStoreState(
  db: DB,
  terminalId: string,
  state: { pending: number; sessions: string[]; error: string | null; since: number | null },
): void {
  db.prepare(
    'UPDATE terminals SET replay_pending = ?, replay_pending_ids = ?, replay_error = ?, replay_error_since = ? WHERE id = ?',
  ).run(state.pending, JSON.stringify(state.sessions), state.error, state.since, terminalId);
}

/** Deleted terminals stay as rows (their sessions name them) without their service account. */
export function markTerminalDeleted(db: DB, terminalId: string): void {
  db.prepare('UPDATE terminals SET is_deleted = 1, user_id = NULL WHERE id = ?').run(terminalId);
}

/** What a terminal's heartbeat last reported of its storage (its `storage_last_fault` as JSON text). */
export interface TerminalStorageReport {
  id: string;
  name: string;
  last_heartbeat: number | null;
  storage_free_bytes: number | null;
  storage_total_bytes: number | null;
  storage_fault: string;
  storage_last_fault: string | null;
}

/** The accepted, not deleted terminals' storage reports, by name (the dashboard's storage status). */
export function terminalStorageReports(db: DB): TerminalStorageReport[] {
  return db
    .prepare(
      `SELECT id, name, last_heartbeat, storage_free_bytes, storage_total_bytes, storage_fault, storage_last_fault
    FROM terminals WHERE is_deleted = 0 AND is_accepted = 1 ORDER BY name`,
    )
    .all() as TerminalStorageReport[];
}

// Reads of the terminals table.

export interface TerminalRow {
  id: string;
  name: string;
  remote_addr: string;
  ssh_port: number;
  http_port: number;
  command_storage: string;
  replay_storage: string;
  user_id: string | null;
  is_accepted: number;
  is_deleted: number;
  comment: string;
  date_created: string;
  last_heartbeat: number | null;
  session_online: number;
}

/** The live (not deleted) terminal whose service account is `userId` (app-user.ts terminalOf). */
export function liveTerminalOfUser(db: DB, userId: string): TerminalRow | undefined {
  return db.prepare('SELECT * FROM terminals WHERE user_id = ? AND is_deleted = 0').get(userId) as
    TerminalRow | undefined;
}

export function terminalById(db: DB, terminalId: string): Record<string, unknown> | undefined {
  return db.prepare('SELECT * FROM terminals WHERE id = ?').get(terminalId) as Record<string, unknown> | undefined;
}

export function terminalDateCreated(db: DB, terminalId: string): string {
  return (db.prepare('SELECT date_created FROM terminals WHERE id = ?').get(terminalId) as { date_created: string })
    .date_created;
}

/** Whether a live terminal holds `name` (a deleted one frees it). */
export function liveTerminalNamed(db: DB, name: string): boolean {
  return !!db.prepare('SELECT 1 FROM terminals WHERE name = ? AND is_deleted = 0').get(name);
}

export function liveTerminalExists(db: DB, terminalId: string): boolean {
  return !!db.prepare('SELECT 1 FROM terminals WHERE id = ? AND is_deleted = 0').get(terminalId);
}

/** The id of the replay storage a terminal points at now (by name, as 2.3 keeps it), if that storage exists. */
export function replayStorageIdOfTerminal(db: DB, terminalId: string): string | undefined {
  return db
    .prepare(`SELECT s.id FROM terminals t JOIN replay_storages s ON s.name = t.replay_storage WHERE t.id = ?`)
    .pluck()
    .get(terminalId) as string | undefined;
}

/** The live terminals that sent a heartbeat (all, or the one `terminalId`), by name: status/ (terminal-addresses.ts). */
export function reportingTerminalIds(db: DB, terminalId?: string): string[] {
  return db
    .prepare(
      `SELECT id FROM terminals WHERE last_heartbeat IS NOT NULL AND is_deleted = 0${terminalId ? ' AND id = ?' : ''} ORDER BY name`,
    )
    .pluck()
    .all(...(terminalId ? [terminalId] : [])) as string[];
}

/** A terminal's web door as web-doors.ts weighs it. */
export interface WebDoorRow {
  id: string;
  name: string;
  http_host: string;
  http_port: number;
  session_online: number;
  last_heartbeat: number;
}

/** Accepted terminals taking web sessions, their service account active, whose heartbeat since `sinceMs` named a door. */
export function liveWebDoorRows(db: DB, sinceMs: number): WebDoorRow[] {
  return db
    .prepare(
      `SELECT t.id, t.name, t.http_host, t.http_port, t.session_online, t.last_heartbeat FROM terminals t
    JOIN users u ON u.id = t.user_id AND u.is_active = 1
    WHERE t.is_deleted = 0 AND t.is_accepted = 1 AND t.accepts_web = 1 AND t.http_host != '' AND t.last_heartbeat >= ?`,
    )
    .all(sinceMs) as WebDoorRow[];
}

/** Whether any live terminal ever said where its web door listens. */
export function anyWebDoorReported(db: DB): boolean {
  return !!db.prepare("SELECT 1 FROM terminals WHERE is_deleted = 0 AND http_host != '' LIMIT 1").get();
}
