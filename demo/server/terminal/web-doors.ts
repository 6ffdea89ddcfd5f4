// Which terminal's web door a browser's web terminal (or file manager request) goes to, when several
// terminals are registered: the live ones (a heartbeat within FRESH_MS, accepted, their service account
// active) whose heartbeat said where their web door listens, that an admin left taking web sessions
// (`accepts_web`). New web terminals go to the least busy (open sessions plus those sent since its last
// heartbeat); a user's file requests stay on one terminal while it lives (its file tree is kept there a
// minute). The callers try the next one when a door does not answer, so a terminal that went down is
// skipped at once, not after its heartbeat goes stale. A server whose terminals never said where they
// listen (a single terminal configured by TERMINAL_HTTP_HOST/PORT) keeps that one address.
import { createHash } from 'node:crypto';
import type { DB } from '../db/open.ts';

export interface WebDoor { id: string | null; name: string; host: string; port: number }

/** Three heartbeats of a terminal at its slowest (5 s): one missed beat does not take it out of turn. */
export const FRESH_MS = 15_000;

interface Row { id: string; name: string; http_host: string; http_port: number; session_online: number; last_heartbeat: number }

/** Web sessions sent to a terminal since its last heartbeat counted them (by terminal id). */
const sentSince = new Map<string, { beat: number; n: number }>();

function live(db: DB, nowMs: number): Row[] {
  return db.prepare(`SELECT t.id, t.name, t.http_host, t.http_port, t.session_online, t.last_heartbeat FROM terminals t
    JOIN users u ON u.id = t.user_id AND u.is_active = 1
    WHERE t.is_deleted = 0 AND t.is_accepted = 1 AND t.accepts_web = 1 AND t.http_host != '' AND t.last_heartbeat >= ?`)
    .all(nowMs - FRESH_MS) as Row[];
}

const anyReported = (db: DB) => !!db.prepare("SELECT 1 FROM terminals WHERE is_deleted = 0 AND http_host != '' LIMIT 1").get();

const door = (row: Row): WebDoor => ({ id: row.id, name: row.name, host: row.http_host, port: row.http_port });

/**
 * The doors to try, in order, for a new web terminal: least busy first (ties in random order). Empty when
 * terminals said where they listen but none is live now.
 */
export function webTerminalDoors(db: DB, nowMs: number, fallback: { host: string; port: number }): WebDoor[] {
  if (!anyReported(db)) return [{ id: null, name: '', ...fallback }];
  const load = (row: Row) => {
    const sent = sentSince.get(row.id);
    return row.session_online + (sent && sent.beat === row.last_heartbeat ? sent.n : 0);
  };
  const rows = live(db, nowMs).map((row) => ({ row, load: load(row), tie: Math.random() })).sort((a, b) => a.load - b.load || a.tie - b.tie);
  return rows.map(({ row }) => door(row));
}

/** Counts a web session sent to the door until its terminal's next heartbeat reports it. */
export function noteWebSession(db: DB, doorTaken: WebDoor): void {
  if (!doorTaken.id) return;
  const beat = db.prepare('SELECT last_heartbeat FROM terminals WHERE id = ?').pluck().get(doorTaken.id) as number | undefined;
  if (beat === undefined) return;
  const sent = sentSince.get(doorTaken.id);
  sentSince.set(doorTaken.id, { beat, n: sent && sent.beat === beat ? sent.n + 1 : 1 });
}

/** The doors to try for one user's file requests: the same terminal first every time it is live (rendezvous hashing). */
export function fileDoors(db: DB, nowMs: number, fallback: { host: string; port: number }, userId: string): WebDoor[] {
  if (!anyReported(db)) return [{ id: null, name: '', ...fallback }];
  const weight = (row: Row) => createHash('sha256').update(`${userId}\n${row.id}`).digest().readUInt32BE(0);
  return live(db, nowMs).sort((a, b) => weight(b) - weight(a)).map(door);
}
