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
