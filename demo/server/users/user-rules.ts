// Who may change or delete which user (JumpServer's CanUpdateDeleteUser), and the role limit.
import type { UserRow } from '../context.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { isSuperuser, memberRoles } from '../orgs/membership.ts';

const isSystemPrivileged = (row: Row) => row.role === 'Admin' || row.role === 'Auditor';

/** Superusers change anyone; org admins cannot touch superusers or super auditors. */
export function canUpdateUser(args: HookArgs, target: Row): boolean {
  if (isSuperuser(args.ctx.user)) return true;
  return !isSystemPrivileged(target);
}

/** Nobody deletes themselves or `admin`; org admins cannot delete system roles or other org admins. */
export function canDeleteUser(args: HookArgs, target: Row): boolean {
  const me: UserRow = args.ctx.user;
  if (target.id === me.id || target.username === 'admin') return false;
  if (isSuperuser(me)) return true;
  if (isSystemPrivileged(target)) return false;
  const { org } = args.ctx;
  return !(org.kind === 'real' && memberRoles(args.db, org.id, String(target.id)).includes('Admin'));
}

/** Non-superusers only see and assign the plain User role. */
export const mayAssignRole = (args: HookArgs, role: unknown): boolean => isSuperuser(args.ctx.user) || role === 'User';
