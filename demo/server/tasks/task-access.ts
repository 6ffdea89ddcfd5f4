// Who may read a task's log and result: its creator, the admins and auditors of the org it was
// started in, and superusers / super auditors (every task). Tasks started in DEFAULT or ROOT have
// no org members, so there only the system roles (and the creator) see them.
import type { RequestContext, UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { ROOT_ORG_ID, storedOrgId } from '../core/orgs/current-org.ts';
import { isSuperAuditor, isSuperuser, memberRoles } from '../core/orgs/membership-store.ts';
import type { TaskOwner, TaskRow } from './store.ts';

/** The owner recorded for a task a request starts. */
export function taskOwner(ctx: RequestContext & { user: UserRow }): TaskOwner {
  return {
    creator: ctx.user.username,
    creatorId: ctx.user.id,
    lang: ctx.lang,
    orgId: ctx.org.kind === 'root' ? ROOT_ORG_ID : storedOrgId(ctx.org),
  };
}

export function maySeeTask(db: DB, user: UserRow, task: TaskRow): boolean {
  if (isSuperuser(user) || isSuperAuditor(user)) return true;
  if (task.creator_id && task.creator_id === user.id) return true;
  if (!task.org_id || task.org_id === ROOT_ORG_ID) return false;
  return memberRoles(db, task.org_id, user.id).some((role) => role === 'Admin' || role === 'Auditor');
}
