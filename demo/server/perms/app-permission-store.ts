// The application permissions' own tables (`<prefix>s`, one per kind of ./app-kinds.ts) and their link tables
// (`<prefix>_users`, `_user_groups`, `_<apps>`, `_system_users`) beyond the engine's create and update and its
// `replaceRelations` of the form's lists: one link at a time (the relation resources, the add/remove endpoints),
// the links read back, a permission's org, and the bare permission a sample starts from. A link is named by its
// through-table suffix or its field, as appPermissionLinks lists them; nothing else names a table here.
import type { Org } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { andInOrg } from '../core/orgs/current-org.ts';
import { appPermissionLinks, type AppKind } from './app-kinds.ts';

/** The link of the kind whose through table is `<prefix>_<table>`. */
function linkOf(kind: AppKind, table: string) {
  const link = appPermissionLinks(kind).find((l) => l.table === table);
  if (!link) throw new Error(`${kind.kind} permissions have no link to ${table}`);
  return link;
}

/** The ids one link of a permission names, in no order. */
export function appPermissionLinkIds(db: DB, kind: AppKind, table: string, permissionId: unknown): string[] {
  const { column } = linkOf(kind, table);
  return db
    .prepare(`SELECT ${column} FROM ${kind.prefix}_${table} WHERE permission_id = ?`)
    .pluck()
    .all(permissionId) as string[];
}

/** The ids one link of a permission names, in the order they were linked (the serializer's lists). */
export function orderedAppPermissionLinkIds(db: DB, kind: AppKind, table: string, permissionId: unknown): string[] {
  const { column } = linkOf(kind, table);
  return db
    .prepare(`SELECT ${column} FROM ${kind.prefix}_${table} WHERE permission_id = ? ORDER BY id`)
    .pluck()
    .all(permissionId) as string[];
}

export function isAppPermissionLinked(
  db: DB,
  kind: AppKind,
  table: string,
  permissionId: string,
  otherId: string,
): boolean {
  const { column } = linkOf(kind, table);
  return !!db
    .prepare(`SELECT 1 FROM ${kind.prefix}_${table} WHERE permission_id = ? AND ${column} = ?`)
    .get(permissionId, otherId);
}

/** One link of a permission; answers its row id (the relation resource's id). */
export function linkAppPermission(
  db: DB,
  kind: AppKind,
  table: string,
  permissionId: unknown,
  otherId: unknown,
): number {
  const { column } = linkOf(kind, table);
  return Number(
    db
      .prepare(`INSERT INTO ${kind.prefix}_${table} (permission_id, ${column}) VALUES (?, ?)`)
      .run(permissionId, otherId).lastInsertRowid,
  );
}

/** Adds ids to (or removes them from) the link of a permission named by `field`; an unknown field changes nothing. */
export function changeLinks(
  db: DB,
  kind: AppKind,
  field: string,
  permissionId: string,
  values: string[],
  mode: 'add' | 'remove',
): void {
  const link = appPermissionLinks(kind).find((l) => l.field === field);
  if (!link) return;
  const table = `${kind.prefix}_${link.table}`;
  const statement =
    mode === 'add'
      ? db.prepare(`INSERT OR IGNORE INTO ${table} (permission_id, ${link.column}) VALUES (?, ?)`)
      : db.prepare(`DELETE FROM ${table} WHERE permission_id = ? AND ${link.column} = ?`);
  for (const value of values) statement.run(permissionId, value);
}

/** The permission's stored org id when `org` sees it (ROOT sees every org); else undefined. */
export function appPermissionOrgSeen(db: DB, kind: AppKind, permissionId: string, org: Org): string | undefined {
  const inOrg = andInOrg(org);
  const row = db
    .prepare(`SELECT org_id FROM ${kind.prefix}s WHERE id = ?${inOrg.sql}`)
    .get(permissionId, ...inOrg.params) as { org_id: string } | undefined;
  return row?.org_id;
}

/** A bare permission of the kind (no links), for samples. */
export function insertFixtureAppPermission(
  db: DB,
  kind: AppKind,
  permission: { id: string; name: string; dateStart: string; dateExpired: string; orgId: string; dateCreated: string },
): void {
  db.prepare(
    `INSERT INTO ${kind.prefix}s (id, name, date_start, date_expired, org_id, date_created) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    permission.id,
    permission.name,
    permission.dateStart,
    permission.dateExpired,
    permission.orgId,
    permission.dateCreated,
  );
}
