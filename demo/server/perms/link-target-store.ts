// The other ends a permission links, looked up in whichever table the link names (run-time choice): whether one
// exists, which org holds it, whether it sits in a given org. The tables belong to assets/, users/ and
// applications/; these reads check links for perms/ and write nothing.
import type { DB } from '../core/db/open.ts';

/** The org-scoped tables a link of an asset or application permission may point into. */
export type LinkTarget =
  'user_groups' | 'assets' | 'nodes' | 'system_users' | 'remote_apps' | 'database_apps' | 'k8s_apps';

export function targetExists(db: DB, target: LinkTarget, id: string): boolean {
  return !!db.prepare(`SELECT 1 FROM ${target} WHERE id = ?`).get(id);
}

/** The stored org id of the row ('' = DEFAULT); undefined for no such row. */
export function targetOrgId(db: DB, target: LinkTarget, id: string): string | undefined {
  const row = db.prepare(`SELECT org_id FROM ${target} WHERE id = ?`).get(id) as { org_id: string } | undefined;
  return row?.org_id;
}

/** Whether the row is in the org whose stored id is `orgId`. */
export function targetInOrg(db: DB, target: LinkTarget, id: string, orgId: string): boolean {
  return !!db.prepare(`SELECT 1 FROM ${target} WHERE id = ? AND org_id = ?`).get(id, orgId);
}
