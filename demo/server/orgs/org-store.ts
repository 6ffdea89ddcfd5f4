// The orgs table's writes beyond the engine's create and update of an org: the orgs of a new database and an
// org's delete, which takes its empty root node with it (an org that holds anything else is refused before).
// Also the features' reads of the table (the core reads it through core/orgs/org-lookup-store.ts).
import type { DB } from '../core/db/open.ts';
import { emptyRootOnly } from '../core/orgs/org-usage.ts';
import { deleteNode } from '../assets/node-tree.ts';

export function insertOrg(
  db: DB,
  org: { id: string; name: string; comment: string; createdBy: string; dateCreated: string },
): void {
  db.prepare('INSERT INTO orgs (id, name, comment, created_by, date_created) VALUES (?, ?, ?, ?, ?)').run(
    org.id,
    org.name,
    org.comment,
    org.createdBy,
    org.dateCreated,
  );
}

export function deleteOrg(db: DB, orgId: string): void {
  const root = emptyRootOnly(db, orgId);
  if (root) deleteNode(db, root.id);
  db.prepare('DELETE FROM orgs WHERE id = ?').run(orgId);
}

/** Whether an org with this id exists (a relation's or an FTP row's org is checked against it). */
export function orgExists(db: DB, orgId: unknown): boolean {
  return !!db.prepare('SELECT 1 FROM orgs WHERE id = ?').get(orgId);
}

/** Every org's id, by name. */
export function orgIdsByName(db: DB): string[] {
  return db.prepare('SELECT id FROM orgs ORDER BY name').pluck().all() as string[];
}

/** The org's name, undefined when there is no such org. */
export function orgName(db: DB, orgId: string): string | undefined {
  return db.prepare('SELECT name FROM orgs WHERE id = ?').pluck().get(orgId) as string | undefined;
}

/** The id when an org has it, else undefined. */
export function existingOrgId(db: DB, orgId: string): string | undefined {
  return db.prepare('SELECT id FROM orgs WHERE id = ?').pluck().get(orgId) as string | undefined;
}

/** `{id, name}` of every org (perms/granted-shapes.ts names the orgs of granted rows with them). */
export function orgNames(db: DB): { id: string; name: string }[] {
  return db.prepare('SELECT id, name FROM orgs').all() as { id: string; name: string }[];
}
