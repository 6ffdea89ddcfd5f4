// Who may call the terminal API: the App service accounts (one per registered terminal, §3 "App users"),
// with the org admins and auditors where 2.3 lets them in too.
import {
  anyOf,
  IsOrgAdmin,
  IsOrgAuditor,
  IsSuperUser,
  IsValidUser,
  type PermissionCheck,
} from '../core/permissions.ts';
import type { UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';

export const isAppUser = (user: UserRow): boolean => user.role === 'App';

export const IsAppUser: PermissionCheck = (db, ctx, now) => IsValidUser(db, ctx, now) && isAppUser(ctx.user);
export const IsOrgAdminOrAppUser: PermissionCheck = anyOf(IsOrgAdmin, IsAppUser);
/** Sessions, commands and replays: what 2.3 writes `IsOrgAdminOrAppUser | IsOrgAuditor`. */
export const IsSessionReader: PermissionCheck = anyOf(IsOrgAdmin, IsAppUser, IsOrgAuditor);
export const IsSuperUserOrAppUser: PermissionCheck = anyOf(IsSuperUser, IsAppUser);

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
