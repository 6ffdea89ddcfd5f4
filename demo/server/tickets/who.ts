// Who a ticket concerns: its requester, its assignees, and the admins of the org it is for. One place for
// the rules every ticket route follows (2.3.x let any user list every request ticket; we do not).
import type { UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import type { Clause, HookArgs, Row } from '../engine/types.ts';
import { isOrgAdminMember, isSuperuser } from '../core/orgs/membership-store.ts';
import { activeAdminIds } from '../users/user-store.ts';
import { isAssigneeOf } from './ticket-store.ts';

/** A superuser administers every org; an org admin their org ('' is DEFAULT: superusers only). */
export function administers(db: DB, user: UserRow, orgId: string): boolean {
  if (isSuperuser(user)) return true;
  return orgId !== '' && isOrgAdminMember(db, orgId, user.id);
}

export function isAssignee(db: DB, ticketId: string, userId: string): boolean {
  return isAssigneeOf(db, ticketId, userId);
}

export const isRequester = (ticket: Row, user: UserRow): boolean => ticket.user === user.id;

/**
 * Who may be an assignee of a ticket for `orgId` asked by `requesterId`: superusers, and the org's admins
 * when the requester belongs to that org (2.3's rule). Ids in username order.
 */
export function assigneeIds(db: DB, orgId: string, requesterId: string): string[] {
  return activeAdminIds(db, orgId, requesterId);
}

/** The tickets the caller may read: their own, those assigned to them, and those of the orgs they administer. */
function visible(args: HookArgs): Clause {
  const { user } = args.ctx;
  const admin = isSuperuser(user)
    ? { sql: ' OR 1', params: [] }
    : {
        sql: " OR (org_id != '' AND org_id IN (SELECT org_id FROM org_members WHERE user_id = ? AND role = 'Admin'))",
        params: [user.id],
      };
  return {
    sql: `user = ? OR id IN (SELECT ticket_id FROM ticket_assignees WHERE user_id = ?)${admin.sql}`,
    params: [user.id, user.id, ...admin.params],
  };
}

/**
 * The scope of the ticket definitions. A list is 2.3's: `assign` absent = mine and assigned to me,
 * `1` = assigned to me, anything else = mine. One ticket (detail, its actions) is read through
 * `visible`, so an admin of its org can open it from a link.
 */
export function ticketScope(args: HookArgs): Clause {
  const { user } = args.ctx;
  const params = args.request.params as { id?: string } | undefined;
  if (params?.id !== undefined) return visible(args);
  const raw = (args.request.query as Record<string, unknown> | undefined)?.assign;
  const assign = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (assign === undefined)
    return {
      sql: 'user = ? OR id IN (SELECT ticket_id FROM ticket_assignees WHERE user_id = ?)',
      params: [user.id, user.id],
    };
  if (assign === '1')
    return { sql: 'id IN (SELECT ticket_id FROM ticket_assignees WHERE user_id = ?)', params: [user.id] };
  return { sql: 'user = ?', params: [user.id] };
}
