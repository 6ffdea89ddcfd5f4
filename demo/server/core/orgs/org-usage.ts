import type { DB } from '../db/open.ts';

/**
 * The org's root node when it is all the tree holds: no child nodes and no assets. Opening an org's
 * node tree creates its root, so a root alone is not something the user made.
 */
/** The org's root node when it is the org's only node and holds no asset (an org's delete takes it along). */
export function emptyRootOnly(db: DB, orgId: string): { id: string } | undefined {
  const nodes = db.prepare('SELECT id, parent_key FROM nodes WHERE org_id = ? LIMIT 2').all(orgId) as {
    id: string;
    parent_key: string;
  }[];
  if (nodes.length !== 1 || nodes[0].parent_key !== '') return undefined;
  return db.prepare('SELECT 1 FROM asset_nodes WHERE node_id = ? LIMIT 1').get(nodes[0].id) ? undefined : nodes[0];
}

/**
 * True when the org still has members or any row in an org-scoped table. Every table with an
 * `org_id` column counts, so resources added later are covered without touching this file; the one
 * exception is an empty root node (see `emptyRootOnly`).
 */
export function orgHasResources(db: DB, orgId: string): boolean {
  if (db.prepare('SELECT 1 FROM org_members WHERE org_id = ? LIMIT 1').get(orgId)) return true;
  const tables = db
    .prepare(
      `SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
    WHERE m.type = 'table' AND c.name = 'org_id' AND m.name != 'org_members'`,
    )
    .pluck()
    .all() as string[];
  const rootAlone = emptyRootOnly(db, orgId) !== undefined;
  return tables.some(
    (table) =>
      !(table === 'nodes' && rootAlone) && db.prepare(`SELECT 1 FROM "${table}" WHERE org_id = ? LIMIT 1`).get(orgId),
  );
}
