// Which registered terminal an App service account (one per terminal, §3 "App users") belongs to; who may
// call the terminal API is the core's (core/permissions.ts: IsAppUser and its combinations).
import type { UserRow } from '../core/context.ts';
import { isAppUser } from '../core/permissions.ts';
import type { DB } from '../core/db/open.ts';
import { liveTerminalOfUser, type TerminalRow } from './terminal-store.ts';

export type { TerminalRow };

/** The (not deleted) terminal whose service account is `user`, if any. */
export function terminalOf(db: DB, user: UserRow): TerminalRow | null {
  if (!isAppUser(user)) return null;
  return liveTerminalOfUser(db, user.id) ?? null;
}
