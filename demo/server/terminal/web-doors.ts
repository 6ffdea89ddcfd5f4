// Which terminal's web door a browser's web terminal (or file manager request) goes to, when several
// terminals are registered: the live ones (a heartbeat within FRESH_MS, accepted, their service account
// active) whose heartbeat said where their web door listens, that an admin left taking web sessions
// (`accepts_web`). New web terminals go to the least busy (its open sessions as its heartbeat counts
// them, or the web terminals this server holds open to it, whichever is more: a heartbeat may come before a
// new socket's session is counted); a user's file requests stay on one terminal while it lives (its file tree is kept there a
// minute). The callers try the next one when a door does not answer, so a terminal that went down is
// skipped at once, not after its heartbeat goes stale. A server whose terminals never said where they
// listen (a single terminal configured by TERMINAL_HTTP_HOST/PORT) keeps that one address.
import { createHash } from 'node:crypto';
import type { DB } from '../core/db/open.ts';
import { anyWebDoorReported, liveWebDoorRows, type WebDoorRow as Row } from './terminal-store.ts';

export interface WebDoor {
  id: string | null;
  name: string;
  host: string;
  port: number;
}

/** Three heartbeats of a terminal at its slowest (5 s): one missed beat does not take it out of turn. */
export const FRESH_MS = 15_000;

/** Web terminals this server holds open to each terminal (by terminal id). */
const bridged = new Map<string, number>();

const live = (db: DB, nowMs: number): Row[] => liveWebDoorRows(db, nowMs - FRESH_MS);

const door = (row: Row): WebDoor => ({ id: row.id, name: row.name, host: row.http_host, port: row.http_port });

/**
 * The doors to try, in order, for a new web terminal: least busy first (ties in random order). Empty when
 * terminals said where they listen but none is live now.
 */
export function webTerminalDoors(db: DB, nowMs: number, fallback: { host: string; port: number }): WebDoor[] {
  if (!anyWebDoorReported(db)) return [{ id: null, name: '', ...fallback }];
  const load = (row: Row) => Math.max(row.session_online, bridged.get(row.id) ?? 0);
  const rows = live(db, nowMs)
    .map((row) => ({ row, load: load(row), tie: Math.random() }))
    .sort((a, b) => a.load - b.load || a.tie - b.tie);
  return rows.map(({ row }) => door(row));
}

/** Counts a web terminal open to the door; the answer uncounts it (when its socket closes). */
export function noteWebSession(doorTaken: WebDoor): () => void {
  const id = doorTaken.id;
  if (!id) return () => {};
  bridged.set(id, (bridged.get(id) ?? 0) + 1);
  let counted = true;
  return () => {
    if (!counted) return;
    counted = false;
    const left = (bridged.get(id) ?? 1) - 1;
    if (left > 0) bridged.set(id, left);
    else bridged.delete(id);
  };
}

/** The doors to try for one user's file requests: the same terminal first every time it is live (rendezvous hashing). */
export function fileDoors(db: DB, nowMs: number, fallback: { host: string; port: number }, userId: string): WebDoor[] {
  if (!anyWebDoorReported(db)) return [{ id: null, name: '', ...fallback }];
  const weight = (row: Row) => createHash('sha256').update(`${userId}\n${row.id}`).digest().readUInt32BE(0);
  return live(db, nowMs)
    .sort((a, b) => weight(b) - weight(a))
    .map(door);
}
