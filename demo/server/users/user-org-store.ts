// The orgs a user's profile lists (users/profile.ts): every org, or those the user is a member of or holds an
// admin or auditor role in. Read here rather than in orgs/, which the users feature does not import.
import type { DB } from '../core/db/open.ts';

export interface OrgRef {
  id: string;
  name: string;
}

export function allOrgRefs(db: DB): OrgRef[] {
  return db.prepare('SELECT id, name FROM orgs ORDER BY name').all() as OrgRef[];
}

/** The orgs where the user is Admin or Auditor, by name. */
export function adminOrAuditOrgRefs(db: DB, userId: string): OrgRef[] {
  return db
    .prepare(
      `SELECT DISTINCT o.id, o.name FROM orgs o JOIN org_members m ON m.org_id = o.id
    WHERE m.user_id = ? AND m.role IN ('Admin', 'Auditor') ORDER BY o.name`,
    )
    .all(userId) as OrgRef[];
}

/** The orgs naming the user a member (DEFAULT, which has no row, is the caller's), by name. */
export function memberOrgRefs(db: DB, userId: string): OrgRef[] {
  return db
    .prepare(
      `SELECT DISTINCT o.id, o.name FROM orgs o JOIN org_members m ON m.org_id = o.id
    WHERE m.user_id = ? ORDER BY o.name`,
    )
    .all(userId) as OrgRef[];
}
