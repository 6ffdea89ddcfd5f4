// Which users a request sees: in a real org its members (any role), in DEFAULT/ROOT (or with ?all=1
// for superusers) every non-App user. Deleting in a real org only ends the membership.
import type { Clause, HookArgs, Row } from '../engine/types.ts';
import { isSuperuser } from '../core/orgs/membership-store.ts';
import { deleteUser } from './user-store.ts';
import { leaveOrg } from '../core/orgs/membership-store.ts';
import { leaveOrgGroups } from './group-store.ts';

const NOT_APP: Clause = { sql: "role != 'App'", params: [] };

export function userScope(args: HookArgs): Clause {
  const { org, user } = args.ctx;
  const all = (args.request.query as Record<string, string>).all === '1' && isSuperuser(user);
  if (all || org.kind !== 'real') return NOT_APP;
  return { sql: "role != 'App' AND id IN (SELECT user_id FROM org_members WHERE org_id = ?)", params: [org.id] };
}

const ORG_ROLES: Record<string, string | null> = { admins: 'Admin', auditors: 'Auditor', users: 'User', members: null };

/** `org_role=admins|auditors|users|members` in the current org (DEFAULT/ROOT: system roles). */
export function orgRoleFilter(args: HookArgs, value: string): Clause | null {
  if (!(value in ORG_ROLES)) return null;
  const role = ORG_ROLES[value];
  const { org } = args.ctx;
  if (org.kind !== 'real') return role === 'Admin' || role === 'Auditor' ? { sql: 'role = ?', params: [role] } : null;
  if (!role) return { sql: 'id IN (SELECT user_id FROM org_members WHERE org_id = ?)', params: [org.id] };
  return { sql: 'id IN (SELECT user_id FROM org_members WHERE org_id = ? AND role = ?)', params: [org.id, role] };
}

export function removeUser(args: HookArgs, row: Row): void {
  const { db, ctx } = args;
  if (ctx.org.kind !== 'real') {
    deleteUser(db, String(row.id));
    return;
  }
  leaveOrg(db, ctx.org.id, String(row.id));
  leaveOrgGroups(db, String(row.id), ctx.org.id);
}
