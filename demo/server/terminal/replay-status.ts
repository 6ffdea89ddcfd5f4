// Where a session's recording belongs and how far it got, in words a session's detail shows: a recording
// that is not stored yet is never a silent gap. The storage is bound when the session opens (its
// terminal's replay storage then: a storage changed on a terminal applies to its next sessions); the rest
// comes from the session, replay_objects and what its terminal's heartbeat last said (terminal-report.ts).
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';
import { ALIVE_MS } from './resources/terminals.ts';
import { replayStorageById } from './storage-store.ts';
import { terminalStoreState } from './terminal-report.ts';
import { replayStorageIdOfTerminal, terminalById } from './terminal-store.ts';

export type ReplayStatus =
  'stored' | 'recording' | 'not_kept' | 'uploading' | 'retrying' | 'terminal_offline' | 'missing';

/** The id of the replay storage a terminal points at now (by name, as 2.3 keeps it); null: the server's disk. */
export function replayStorageOfTerminal(db: DB, terminalId: string | null | undefined): string | null {
  if (!terminalId) return null;
  return replayStorageIdOfTerminal(db, terminalId) ?? null;
}

/** A finished session's recording may still be on its way this long after its end (its close goes first). */
const SETTLING_MS = 30_000;

export function replayStatusOf(
  db: DB,
  session: Row,
  nowMs: number,
): { status: ReplayStatus; storage: string; error: string } {
  const storage = replayStorageById(db, session.replay_storage as string | null);
  const name = storage?.name ?? 'default';
  const status = (value: ReplayStatus, error = '') => ({ status: value, storage: name, error });
  if (Number(session.has_replay) === 1 || Number(session.is_sample) === 1) return status('stored');
  if (Number(session.is_finished) !== 1) return status('recording');
  if (storage?.type === 'null') return status('not_kept');
  const terminal = session.terminal ? (terminalById(db, String(session.terminal)) as Row | undefined) : undefined;
  if (!terminal) return status('missing');
  const alive = typeof terminal.last_heartbeat === 'number' && nowMs - terminal.last_heartbeat < ALIVE_MS;
  const state = terminalStoreState(terminal, alive);
  // Its recording waits in that terminal's journal: it is delivered when the terminal runs again.
  if (!alive)
    return status(
      'terminal_offline',
      `${state.name}: no heartbeat for ${Math.round((nowMs - Number(terminal.last_heartbeat ?? 0)) / 1000)} s`,
    );
  const waiting = state.pendingIds.includes(String(session.id)) || state.pending > state.pendingIds.length;
  if (waiting && state.error) return status('retrying', state.error);
  const ended = Date.parse(String(session.date_end ?? ''));
  if (waiting || (Number.isFinite(ended) && nowMs - ended < SETTLING_MS)) return status('uploading');
  return status('missing');
}
