// Who reads and writes the audit lists (§2.9): org admins and org auditors read (super admin and super
// auditor in DEFAULT/ROOT); FTP logs are also written by terminals, which sign in as App users.
import { anyOf, IsOrgAdmin, IsOrgAuditor, isValidUser, type PermissionCheck } from '../core/permissions.ts';

export const IsAppUser: PermissionCheck = (_db, ctx, now) => isValidUser(ctx.user, now) && ctx.user.role === 'App';
export const IsOrgAdminOrAuditor = anyOf(IsOrgAdmin, IsOrgAuditor);
/** 2.3's `IsOrgAdminOrAppUser | IsOrgAuditor` (FTP logs). */
export const IsOrgAdminOrAppUserOrAuditor = anyOf(IsOrgAdmin, IsAppUser, IsOrgAuditor);
