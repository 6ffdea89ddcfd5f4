// Which registered terminal an App service account (one per terminal, §3 "App users") belongs to; who may
// call the terminal API is the core's (core/permissions.ts: IsAppUser and its combinations).
import type { UserRow } from '../core/context.ts';
import { isAppUser } from '../core/permissions.ts';
import type { DB } from '../core/db/open.ts';

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

/** The (not deleted) terminal whose service account is `user`, if any. */
export function terminalOf(db: DB, user: UserRow): TerminalRow | null {
  if (!isAppUser(user)) return null;
  return (
    (db.prepare('SELECT * FROM terminals WHERE user_id = ? AND is_deleted = 0').get(user.id) as
      TerminalRow | undefined) ?? null
  );
}
