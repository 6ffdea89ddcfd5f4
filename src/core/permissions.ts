import type { Profile } from './types.ts';

/** Permission bits of spec §6. */
export const PERM = { USE: 1, AUDIT: 2, ADMIN: 16, SUPER: 128 } as const;

/** Each role is the sum of the permission bits it grants (spec §6 table). */
export const ROLE = {
  SUPER_ADMIN: PERM.SUPER + PERM.ADMIN + PERM.AUDIT, // 146
  SUPER_AUDITOR: PERM.SUPER + PERM.AUDIT + PERM.USE, // 131
  ORG_ADMIN: PERM.ADMIN + PERM.AUDIT, // 18
  ORG_AUDITOR: PERM.AUDIT + PERM.USE, // 3
  USER: PERM.USE, // 1
  ANON: 0,
} as const;

type RoleProfile = Pick<Profile, 'role' | 'current_org_roles'>;

/**
 * Roles held in the current organisation, highest first. System role Admin/Auditor gives the super
 * roles; org roles Admin/Auditor/User give the org roles. Every signed-in user also gets USER:
 * the user page (my assets, web terminal) is open to anyone, admins included, as in the reference
 * console, and without it a super admin in the DEFAULT org (org roles ["Admin"]) could never
 * switch to the user page.
 */
export function parseUserRoles(profile: RoleProfile): number[] {
  const roles = new Set<number>();
  if (profile.role === 'Admin') roles.add(ROLE.SUPER_ADMIN);
  if (profile.role === 'Auditor') roles.add(ROLE.SUPER_AUDITOR);
  const orgRoles = profile.current_org_roles ?? [];
  if (orgRoles.includes('Admin')) roles.add(ROLE.ORG_ADMIN);
  if (orgRoles.includes('Auditor')) roles.add(ROLE.ORG_AUDITOR);
  roles.add(ROLE.USER);
  return [...roles].sort((a, b) => b - a);
}

/** The summed permission number: the OR of every role's bits. */
export function sumPerms(roles: readonly number[]): number {
  return roles.reduce((sum, role) => sum | role, 0);
}

/** True when the role holds any one of the required permission bits; `[]` requires nothing. */
export function hasPermission(role: number, required: readonly number[] = [PERM.ADMIN]): boolean {
  if (required.length === 0) return true;
  return required.some((perm) => (role & perm) === perm);
}

/**
 * "Super admin only" (spec §6: platforms, terminals and storages, task monitor, settings). The SUPER bit
 * alone is held by the super auditor too, who would see pages whose every call the server refuses.
 */
export const SUPER_ADMIN_ONLY: number[] = [PERM.SUPER | PERM.ADMIN];

const ADMIN_PAGE_BITS = PERM.SUPER | PERM.ADMIN | PERM.AUDIT;

export function isAdminPageRole(role: number): boolean {
  return (role & ADMIN_PAGE_BITS) !== 0;
}

export function isUserPageRole(role: number): boolean {
  return (role & PERM.USE) !== 0;
}
