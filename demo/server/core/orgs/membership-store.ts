import type { Org, OrgRole, UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';

export const isSuperuser = (user: UserRow): boolean => user.role === 'Admin';
export const isSuperAuditor = (user: UserRow): boolean => user.role === 'Auditor';

export function memberRoles(db: DB, orgId: string, userId: string): OrgRole[] {
  return db
    .prepare(
      "SELECT role FROM org_members WHERE org_id = ? AND user_id = ? ORDER BY CASE role WHEN 'Admin' THEN 0 WHEN 'Auditor' THEN 1 ELSE 2 END",
    )
    .pluck()
    .all(orgId, userId) as OrgRole[];
}

/** In DEFAULT/ROOT only system roles count (JumpServer §3). */
export function canAdmin(db: DB, user: UserRow, org: Org): boolean {
  if (isSuperuser(user)) return true;
  return org.kind === 'real' && memberRoles(db, org.id, user.id).includes('Admin');
}

export function canAudit(db: DB, user: UserRow, org: Org): boolean {
  if (isSuperAuditor(user)) return true;
  return org.kind === 'real' && memberRoles(db, org.id, user.id).includes('Auditor');
}

/**
 * Roles in the current org. DEFAULT/ROOT: ["Admin"] for superusers, ["Auditor"] for super auditors
 * (our choice, so the console offers them the audit pages), else ["User"]. A real org lists the
 * membership rows; a superuser or super auditor who is not a member still gets their system role.
 */
export function currentOrgRoles(db: DB, user: UserRow, org: Org): OrgRole[] {
  const systemRole: OrgRole | null = isSuperuser(user) ? 'Admin' : isSuperAuditor(user) ? 'Auditor' : null;
  if (org.kind !== 'real') return [systemRole ?? 'User'];
  const roles = memberRoles(db, org.id, user.id);
  if (systemRole && !roles.includes(systemRole)) roles.unshift(systemRole);
  return roles;
}

/**
 * The stored org ids a user belongs to: DEFAULT ('') and every org naming them a member; null for
 * superusers and super auditors, who belong to every org (the profile's `user_all_orgs`).
 */
export function memberOrgIds(db: DB, user: UserRow): string[] | null {
  if (isSuperuser(user) || isSuperAuditor(user)) return null;
  if (user.role === 'App') return [];
  return [
    '',
    ...(db
      .prepare('SELECT DISTINCT org_id FROM org_members WHERE user_id = ? ORDER BY org_id')
      .pluck()
      .all(user.id) as string[]),
  ];
}

/** The first two member ids of a real org (any role), for samples that link two users. */
export function firstTwoMemberIds(db: DB, orgId: string): string[] {
  return db
    .prepare('SELECT DISTINCT user_id FROM org_members WHERE org_id = ? ORDER BY user_id LIMIT 2')
    .pluck()
    .all(orgId) as string[];
}

// The org_members table is written only here: an org's members by role (the org's own form), one user's roles
// in one org (the users form), one membership (the relation resource) and a user leaving an org.

/** One membership; answers its row id (the relation resource's id). */
export function addMember(db: DB, orgId: string, userId: string, role: OrgRole, ignoreTaken = false): number {
  const verb = ignoreTaken ? 'INSERT OR IGNORE' : 'INSERT';
  return Number(
    db.prepare(`${verb} INTO org_members (org_id, user_id, role) VALUES (?, ?, ?)`).run(orgId, userId, role)
      .lastInsertRowid,
  );
}

/** The user's roles in the org become `roles` exactly. */
export function setMemberRoles(db: DB, orgId: string, userId: string, roles: readonly OrgRole[]): void {
  leaveOrg(db, orgId, userId);
  for (const role of roles) addMember(db, orgId, userId, role, true);
}

/** Every role of the user in the org ends (its group memberships are the caller's). */
export function leaveOrg(db: DB, orgId: string, userId: string): void {
  db.prepare('DELETE FROM org_members WHERE org_id = ? AND user_id = ?').run(orgId, userId);
}

export function setMembers(db: DB, orgId: string, role: OrgRole, userIds: string[]): void {
  db.prepare('DELETE FROM org_members WHERE org_id = ? AND role = ?').run(orgId, role);
  for (const userId of userIds) addMember(db, orgId, userId, role, true);
}

export function membersByRole(db: DB, orgId: string, role: OrgRole): string[] {
  return db
    .prepare('SELECT user_id FROM org_members WHERE org_id = ? AND role = ? ORDER BY id')
    .pluck()
    .all(orgId, role) as string[];
}

/**
 * Member ids of an org for a role ('User' = every member). DEFAULT and ROOT have no membership rows:
 * their members are all non-App users, their admins the system Admins, their auditors the system Auditors.
 */
export function orgMemberIds(db: DB, org: Org, role: OrgRole): string[] {
  if (org.kind !== 'real') {
    const where = role === 'Admin' ? "role = 'Admin'" : role === 'Auditor' ? "role = 'Auditor'" : "role != 'App'";
    return db.prepare(`SELECT id FROM users WHERE ${where} ORDER BY username`).pluck().all() as string[];
  }
  const sql =
    role === 'User'
      ? 'SELECT DISTINCT m.user_id FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.username'
      : 'SELECT m.user_id FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? AND m.role = ? ORDER BY u.username';
  return db
    .prepare(sql)
    .pluck()
    .all(...(role === 'User' ? [org.id] : [org.id, role])) as string[];
}
