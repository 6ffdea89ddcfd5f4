// The user_groups and user_group_users tables' writes outside the engine's own create of a group: a group's
// members, a user's groups in one org's scope, a membership, a user leaving an org's groups, and the groups a
// new database or a contract fixture starts with. Who may do which is the callers'. The reads the users feature
// makes beside the engine's list (a user's groups, a group's members) are here too.
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';

/** A new group in the org whose stored id is `orgId` ('' for DEFAULT); answers its id. */
export function insertGroup(
  db: DB,
  group: { name: string; orgId: string; dateCreated: string; comment?: string; createdBy?: string },
): string {
  const id = uuid();
  db.prepare(
    'INSERT INTO user_groups (id, name, comment, org_id, created_by, date_created) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, group.name, group.comment ?? '', group.orgId, group.createdBy ?? '', group.dateCreated);
  return id;
}

/**
 * One membership; answers its row id (the relation resource's id). With `ignoreTaken` a membership held
 * already is kept as it is; without, it fails on the table's unique pair (the engine answers 400).
 */
export function addGroupMember(db: DB, groupId: string, userId: string, ignoreTaken = true): number {
  const verb = ignoreTaken ? 'INSERT OR IGNORE' : 'INSERT';
  return Number(
    db.prepare(`${verb} INTO user_group_users (group_id, user_id) VALUES (?, ?)`).run(groupId, userId).lastInsertRowid,
  );
}

/** The group's members become `userIds` exactly. */
export function setGroupMembers(db: DB, groupId: string, userIds: readonly string[]): void {
  db.prepare('DELETE FROM user_group_users WHERE group_id = ?').run(groupId);
  for (const userId of userIds) addGroupMember(db, groupId, userId);
}

/**
 * The user's groups become `groupIds` within one org (`orgId`, stored form) or, with null, across every org
 * (the ROOT view); groups of other orgs stay.
 */
export function setUserGroups(db: DB, userId: string, groupIds: readonly string[], orgId: string | null): void {
  if (orgId === null) db.prepare('DELETE FROM user_group_users WHERE user_id = ?').run(userId);
  else leaveOrgGroups(db, userId, orgId);
  for (const groupId of groupIds) addGroupMember(db, groupId, userId);
}

/** A user removed from an org leaves that org's groups. */
export function leaveOrgGroups(db: DB, userId: string, orgId: string): void {
  db.prepare(
    'DELETE FROM user_group_users WHERE user_id = ? AND group_id IN (SELECT id FROM user_groups WHERE org_id = ?)',
  ).run(userId, orgId);
}

/**
 * The groups of the user in one org (`orgId`, stored form) or, with null, in every org (ROOT's view and the
 * profile), by name.
 */
export function groupsOfUser(db: DB, userId: string, orgId: string | null): { id: string; name: string }[] {
  if (orgId === null)
    return db
      .prepare(
        `SELECT g.id, g.name FROM user_groups g JOIN user_group_users r ON r.group_id = g.id
      WHERE r.user_id = ? ORDER BY g.name`,
      )
      .all(userId) as { id: string; name: string }[];
  return db
    .prepare(
      `SELECT g.id, g.name FROM user_groups g JOIN user_group_users r ON r.group_id = g.id
    WHERE r.user_id = ? AND g.org_id = ? ORDER BY g.name`,
    )
    .all(userId, orgId) as { id: string; name: string }[];
}

/** Whether group `groupId` is in org `orgId` (stored form); with null, whether it exists in any org. */
export function groupExists(db: DB, groupId: string, orgId: string | null): boolean {
  if (orgId === null) return !!db.prepare('SELECT 1 FROM user_groups WHERE id = ?').get(groupId);
  return !!db.prepare('SELECT 1 FROM user_groups WHERE id = ? AND org_id = ?').get(groupId, orgId);
}

/** The group's members' ids, by username. */
export function groupMemberIds(db: DB, groupId: unknown): string[] {
  return db
    .prepare(
      `SELECT r.user_id FROM user_group_users r JOIN users u ON u.id = r.user_id
    WHERE r.group_id = ? ORDER BY u.username`,
    )
    .pluck()
    .all(groupId) as string[];
}

// Reads for perms/ (whose grants a request reads, the permission filters).

/** The group's `{org_id}` (stored form); undefined for no such group. */
export function groupOrg(db: DB, groupId: string): { org_id: string } | undefined {
  return db.prepare('SELECT org_id FROM user_groups WHERE id = ?').get(groupId) as { org_id: string } | undefined;
}

/** The ids of the groups with this name. */
export function groupIdsByName(db: DB, name: string): string[] {
  return db.prepare('SELECT id FROM user_groups WHERE name = ?').pluck().all(name) as string[];
}

/** The ids of the groups the users are members of (with repeats). */
export function groupIdsOfUsers(db: DB, userIds: readonly string[]): string[] {
  return db
    .prepare('SELECT group_id FROM user_group_users WHERE user_id IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(JSON.stringify(userIds)) as string[];
}
