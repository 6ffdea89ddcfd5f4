import type { DB } from '../db/open.ts';
import { orgHasMembers } from './membership-store.ts';
import { firstOrgNodes, nodeHoldsAsset, orgHasScopedRows } from './org-usage-store.ts';

/**
 * The org's root node when it is all the tree holds: no child nodes and no assets. Opening an org's
 * node tree creates its root, so a root alone is not something the user made.
 */
/** The org's root node when it is the org's only node and holds no asset (an org's delete takes it along). */
export function emptyRootOnly(db: DB, orgId: string): { id: string } | undefined {
  const nodes = firstOrgNodes(db, orgId);
  if (nodes.length !== 1 || nodes[0].parent_key !== '') return undefined;
  return nodeHoldsAsset(db, nodes[0].id) ? undefined : nodes[0];
}

/**
 * True when the org still has members or any row in an org-scoped table. Every table with an
 * `org_id` column counts, so resources added later are covered without touching this file; the one
 * exception is an empty root node (see `emptyRootOnly`).
 */
export function orgHasResources(db: DB, orgId: string): boolean {
  if (orgHasMembers(db, orgId)) return true;
  const rootAlone = emptyRootOnly(db, orgId) !== undefined;
  return orgHasScopedRows(db, orgId, rootAlone ? ['nodes'] : []);
}
