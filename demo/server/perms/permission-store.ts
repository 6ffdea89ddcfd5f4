// The asset_permissions table and its five link tables (asset_permission_users, _user_groups, _assets, _nodes,
// _system_users), written here beyond the engine's create and update of a permission and its `replaceRelations`
// of the form's lists: a permission made by a flow (the seed, an approved ticket's sample, a fixture), its actions
// mask, and one link at a time (the relation resources, the seed).
import type { DB } from '../core/db/open.ts';

/** A link table's suffix and the column that names the other side. */
export const PERMISSION_LINK_COLUMNS = {
  users: 'user_id',
  user_groups: 'usergroup_id',
  assets: 'asset_id',
  nodes: 'node_id',
  system_users: 'systemuser_id',
} as const;
export type PermissionLink = keyof typeof PERMISSION_LINK_COLUMNS;

/** A new permission; the columns given are written, the others take their defaults (migrations). */
export function insertPermission(db: DB, row: Record<string, unknown>): void {
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO asset_permissions (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...columns.map((column) => row[column]),
  );
}

/** The actions granted, as 2.3's bit mask. */
export function setPermissionActions(db: DB, permissionId: string, mask: number): void {
  db.prepare('UPDATE asset_permissions SET actions = ? WHERE id = ?').run(mask, permissionId);
}

/** One link of a permission to a user, group, asset, node or system user; answers its row id. */
export function linkPermission(db: DB, link: PermissionLink, permissionId: string, otherId: string): number {
  const column = PERMISSION_LINK_COLUMNS[link];
  return Number(
    db
      .prepare(`INSERT INTO asset_permission_${link} (permission_id, ${column}) VALUES (?, ?)`)
      .run(permissionId, otherId).lastInsertRowid,
  );
}

/** The permission's stored org id ('' = DEFAULT); undefined for no such permission. */
export function permissionOrgId(db: DB, permissionId: string): string | undefined {
  const row = db.prepare('SELECT org_id FROM asset_permissions WHERE id = ?').get(permissionId) as
    { org_id: string } | undefined;
  return row?.org_id;
}

/** The ids one link of a permission names, in the order they were linked (its serializer's lists). */
export function linkedIds(db: DB, link: PermissionLink, permissionId: string): string[] {
  return db
    .prepare(
      `SELECT ${PERMISSION_LINK_COLUMNS[link]} FROM asset_permission_${link} WHERE permission_id = ? ORDER BY id`,
    )
    .pluck()
    .all(permissionId) as string[];
}

export function isLinked(db: DB, link: PermissionLink, permissionId: string, otherId: string): boolean {
  return !!db
    .prepare(`SELECT 1 FROM asset_permission_${link} WHERE permission_id = ? AND ${PERMISSION_LINK_COLUMNS[link]} = ?`)
    .get(permissionId, otherId);
}

// What a permission write passes on to its system users (permission-rules.ts linkGrantedToSystemUsers).

/** The permission's system users, with whether their username follows the user. */
export function permissionSystemUsers(db: DB, permissionId: string): { id: string; username_same_with_user: number }[] {
  return db
    .prepare(
      `SELECT s.id, s.username_same_with_user FROM asset_permission_system_users ps
    JOIN system_users s ON s.id = ps.systemuser_id WHERE ps.permission_id = ?`,
    )
    .all(permissionId) as { id: string; username_same_with_user: number }[];
}

/** The permission's single assets, in no order. */
export function permissionAssetIds(db: DB, permissionId: string): string[] {
  return db
    .prepare('SELECT asset_id FROM asset_permission_assets WHERE permission_id = ?')
    .pluck()
    .all(permissionId) as string[];
}

/** The permission's nodes, in no order. */
export function permissionNodeIds(db: DB, permissionId: string): string[] {
  return db
    .prepare('SELECT node_id FROM asset_permission_nodes WHERE permission_id = ?')
    .pluck()
    .all(permissionId) as string[];
}

/** Everyone the permission names, directly or as a member of its groups. */
export function permissionUserIds(db: DB, permissionId: string): string[] {
  return db
    .prepare(
      `SELECT user_id FROM asset_permission_users WHERE permission_id = @id UNION
    SELECT ug.user_id FROM asset_permission_user_groups pg JOIN user_group_users ug ON ug.group_id = pg.usergroup_id
    WHERE pg.permission_id = @id`,
    )
    .pluck()
    .all({ id: permissionId }) as string[];
}
