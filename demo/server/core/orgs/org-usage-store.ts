// What an org still holds (org-usage.ts): its nodes and its rows in every org-scoped table (its members are
// membership-store.ts's). Reads only; an org's delete is the orgs feature's (orgs/org-store.ts).
import type { DB } from '../db/open.ts';

/** At most two of the org's nodes: enough to tell whether its root is alone. */
export function firstOrgNodes(db: DB, orgId: string): { id: string; parent_key: string }[] {
  return db.prepare('SELECT id, parent_key FROM nodes WHERE org_id = ? LIMIT 2').all(orgId) as {
    id: string;
    parent_key: string;
  }[];
}

export function nodeHoldsAsset(db: DB, nodeId: string): boolean {
  return !!db.prepare('SELECT 1 FROM asset_nodes WHERE node_id = ? LIMIT 1').get(nodeId);
}

/**
 * Whether a row of the org is in any table with an `org_id` column but org_members (asked apart) and the tables
 * in `skip`: every such table counts, so resources added later are covered without touching this file.
 */
export function orgHasScopedRows(db: DB, orgId: string, skip: readonly string[]): boolean {
  const tables = db
    .prepare(
      `SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
    WHERE m.type = 'table' AND c.name = 'org_id' AND m.name != 'org_members'`,
    )
    .pluck()
    .all() as string[];
  return tables.some(
    (table) => !skip.includes(table) && db.prepare(`SELECT 1 FROM "${table}" WHERE org_id = ? LIMIT 1`).get(orgId),
  );
}
