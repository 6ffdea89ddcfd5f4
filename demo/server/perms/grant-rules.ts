// The rules every grant computation starts from (§3): whose permissions (a user directly and through
// their groups, or one group's own), which of them count now (active, inside their window, in the
// scope's org, naming the asked system user), and what a node's subtree is. grants.ts,
// grant-walk.ts and the statements of grant-store.ts build on these; nothing else decides validity.
import type { Clause } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';

/** Whose grants: a user (directly and through their groups) or one group's own permissions. */
export type Subject = { user: string } | { group: string };

export interface GrantScope {
  subject: Subject;
  /** The stored org id to look in ('' = DEFAULT); null = every org ("my" endpoints run in ROOT). */
  orgId: string | null;
  /** With `orgId` null: only these stored org ids (a portal token's "my" scope: its user's orgs). */
  orgIds?: string[];
  now: number;
  /** Only permissions that include this system user (the `system_user=` parameter). */
  systemUser?: string;
  /** PERM_SINGLE_ASSET_TO_UNGROUP_NODE: assets granted one by one sit under `-10` instead of their nodes. */
  ungroupSingleAssets?: boolean;
}

/** Where a granted asset sits in the scope's tree: on the node with this key (or a special key). */
export interface Placement {
  asset_id: string;
  key: string;
}

/** Keys of the special nodes of a user tree (2.3's Node.ungrouped_key / favorite_key). */
export const UNGROUPED_KEY = '-10';
export const FAVORITE_KEY = '-12';

// A node's subtree is its key and every key under `<key>:`. ';' follows ':' in ASCII, so the range
// [key:, key;) holds exactly the descendants and lets SQLite walk the unique index on nodes.key.
export const IN_SUBTREE = (node: string, root: string) =>
  `(${node}.key = ${root}.key OR (${node}.key >= ${root}.key || ':' AND ${node}.key < ${root}.key || ';'))`;

/** The ids of the permissions naming the subject (directly or through their groups), any state; SQL for `IN (…)`. */
export function subjectPermissions(scope: GrantScope): Clause {
  if ('group' in scope.subject)
    return {
      sql: 'SELECT permission_id FROM asset_permission_user_groups WHERE usergroup_id = ?',
      params: [scope.subject.group],
    };
  return {
    sql: `SELECT permission_id FROM asset_permission_users WHERE user_id = ?
      UNION SELECT pg.permission_id FROM user_group_users ug
        JOIN asset_permission_user_groups pg ON pg.usergroup_id = ug.group_id WHERE ug.user_id = ?`,
    params: [scope.subject.user, scope.subject.user],
  };
}

/**
 * The valid permissions of the scope, as a CTE `perms(id, actions)`; parameters in text order. It starts
 * from the subject's own links (and their groups'), so it reads a handful of rows however many
 * permissions the org holds.
 */
export function permsCte(scope: GrantScope): Clause {
  const now = isoAt(scope.now);
  const mine = subjectPermissions(scope);
  const params: unknown[] = [...mine.params, now, now];
  let where = `p.id IN (${mine.sql}) AND p.is_active = 1 AND p.date_start <= ? AND p.date_expired > ?`;
  if (scope.orgId !== null) {
    where += ' AND p.org_id = ?';
    params.push(scope.orgId);
  } else if (scope.orgIds) {
    where += ' AND p.org_id IN (SELECT value FROM json_each(?))';
    params.push(JSON.stringify(scope.orgIds));
  }
  if (scope.systemUser) {
    where += ' AND p.id IN (SELECT permission_id FROM asset_permission_system_users WHERE systemuser_id = ?)';
    params.push(scope.systemUser);
  }
  return { sql: `perms AS MATERIALIZED (SELECT p.id, p.actions FROM asset_permissions p WHERE ${where})`, params };
}
