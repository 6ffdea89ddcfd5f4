// "Is this user a member of the current org?" — DEFAULT/ROOT: every non-App user.
import type { Org } from '../context.ts';
import type { DB } from '../db/open.ts';

export function isOrgMember(db: DB, org: Org, userId: string): boolean {
  if (org.kind !== 'real') return !!db.prepare("SELECT 1 FROM users WHERE id = ? AND role != 'App'").get(userId);
  return !!db
    .prepare(
      `SELECT 1 FROM org_members m JOIN users u ON u.id = m.user_id
    WHERE m.org_id = ? AND m.user_id = ? AND u.role != 'App' LIMIT 1`,
    )
    .get(org.id, userId);
}
