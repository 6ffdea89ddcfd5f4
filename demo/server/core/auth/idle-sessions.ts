// SECURITY_MAX_IDLE_TIME (minutes) for browser sessions: a session unused for longer is ended, so its next
// call is anonymous (401) and the console goes to the login form as for an expired session. 2.3 applied the
// setting only to terminal connections; a console left open is the same risk. Bearer tokens and access
// keys are for programs and keep their own lifetime.
import type { DB } from '../db/open.ts';
import type { Settings } from '../context.ts';
import { deleteSession, markSessionActive } from './sessions.ts';

/** Activity is written at most this often: one UPDATE per request would double the writes of a busy console. */
const TOUCH_EVERY_MS = 15_000;

export function maxIdleMs(settings: Settings): number {
  const minutes = Number(settings.get<number>('SECURITY_MAX_IDLE_TIME'));
  return Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : Infinity;
}

/** False (and the session is deleted) when it was idle too long since `lastActive`; otherwise records this use. */
export function keepSessionAlive(
  db: DB,
  sessionId: string,
  lastActive: number,
  nowMs: number,
  idleMs: number,
): boolean {
  if (nowMs - lastActive > idleMs) {
    deleteSession(db, sessionId);
    return false;
  }
  if (nowMs - lastActive >= TOUCH_EVERY_MS) markSessionActive(db, sessionId, nowMs);
  return true;
}
