import type { DB } from '../db/open.ts';

/**
 * True when the org still has members or any row in an org-scoped table. Every table with an
 * `org_id` column counts, so resources added later are covered without touching this file.
 */
export function orgHasResources(db: DB, orgId: string): boolean {
  if (db.prepare('SELECT 1 FROM org_members WHERE org_id = ? LIMIT 1').get(orgId)) return true;
  const tables = db.prepare(`SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
    WHERE m.type = 'table' AND c.name = 'org_id' AND m.name != 'org_members'`).pluck().all() as string[];
  return tables.some((table) => db.prepare(`SELECT 1 FROM "${table}" WHERE org_id = ? LIMIT 1`).get(orgId));
}
