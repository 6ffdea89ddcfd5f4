// Who may change or delete which user (JumpServer's CanUpdateDeleteUser, tightened), and the role limit.
// Every way of changing or removing a user (PUT/PATCH, bulk, CSV update, delete, leaving the org,
// password/public-key/MFA resets, unblock) asks `userChangeRefusal`, so the rule lives only here.
import type { UserRow } from '../core/context.ts';
import type { HookArgs, Refusal, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { isSuperuser, memberOutsideAdminOrgs, memberRoles } from '../core/orgs/membership-store.ts';

const isSystemPrivileged = (row: Row) => row.role === 'Admin' || row.role === 'Auditor';

/**
 * Users are shared between orgs: an org admin who could reset the password of someone who is Admin
 * elsewhere could sign in as them and act in that org. So an org admin may only touch a user whose
 * every org role is in an org the actor administers.
 */
function outsideActorsOrgs(args: HookArgs, target: Row): boolean {
  return memberOutsideAdminOrgs(args.db, target.id, args.ctx.user.id);
}

/** Null when the caller may change (`update`) or remove (`delete`) the target, else the 403 to answer. */
export function userChangeRefusal(args: HookArgs, target: Row, action: 'update' | 'delete'): Refusal | null {
  const me: UserRow = args.ctx.user;
  const { lang } = args.ctx;
  const forbidden = { status: 403, body: { detail: t(lang, 'auth.forbidden') } };
  // Nobody deletes themselves or the built-in `admin`.
  if (action === 'delete' && (target.id === me.id || target.username === 'admin')) return forbidden;
  if (isSuperuser(me)) return null;
  if (isSystemPrivileged(target)) return forbidden;
  if (outsideActorsOrgs(args, target)) return { status: 403, body: { detail: t(lang, 'user.outside_admin_orgs') } };
  // As in 2.3, an org admin does not remove another admin of the current org.
  const { org } = args.ctx;
  if (action === 'delete' && org.kind === 'real' && memberRoles(args.db, org.id, String(target.id)).includes('Admin'))
    return forbidden;
  return null;
}

/** Superusers change anyone; org admins only users wholly inside the orgs they administer. */
export const canUpdateUser = (args: HookArgs, target: Row): boolean => !userChangeRefusal(args, target, 'update');

export const canDeleteUser = (args: HookArgs, target: Row): boolean => !userChangeRefusal(args, target, 'delete');

/** Non-superusers only see and assign the plain User role. */
export const mayAssignRole = (args: HookArgs, role: unknown): boolean => isSuperuser(args.ctx.user) || role === 'User';
