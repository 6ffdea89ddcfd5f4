// "Members of the current org" as SQL, for the global audit tables that store a user by name rather than
// by id (login logs by username, password change logs by "name(username)"). DEFAULT and ROOT count every
// non-App user, as orgs/org-members.ts does.
import type { Org } from '../core/context.ts';
import type { Clause } from '../engine/types.ts';

export function memberColumnClause(org: Org, column: string, value: 'username' | 'label'): Clause {
  const expr = value === 'username' ? 'u.username' : "u.name || '(' || u.username || ')'";
  if (org.kind !== 'real')
    return { sql: `${column} IN (SELECT ${expr} FROM users u WHERE u.role != 'App')`, params: [] };
  return {
    sql: `${column} IN (SELECT ${expr} FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ?)`,
    params: [org.id],
  };
}
