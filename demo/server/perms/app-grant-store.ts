// The statements of the application grant engine (§3, app-grants.ts): a scope's valid permissions of one kind
// (active, inside [date_start, date_expired), in the scope's org, naming the subject or their groups), the apps
// they grant and the system users they grant on one app. Reads of the `<kind>_app_permissions` tables and their
// links only; app-permission-store.ts writes them.
import type { DB } from '../core/db/open.ts';
import type { Clause } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';
import type { AppKind } from './app-kinds.ts';

/**
 * Whose grants and where: a user (directly and through their groups) or one group's own permissions;
 * in one stored org id ('' = DEFAULT) or, with null, every org ("my" endpoints). The shape of
 * ./grants.ts's GrantScope, so a caller builds one scope for both engines.
 */
export interface AppGrantScope {
  subject: { user: string } | { group: string };
  orgId: string | null;
  now: number;
  /** Only permissions that include this system user. */
  systemUser?: string;
}

export interface GrantedAppSystemUser {
  id: string;
  name: string;
  username: string;
  priority: number;
  protocol: string;
  login_mode: string;
}

/** The valid permissions of the scope, as `SELECT id FROM <kind's permissions> ...` with named parameters. */
function validPermissions(kind: AppKind, scope: AppGrantScope): { sql: string; params: Record<string, unknown> } {
  const p = kind.prefix;
  const params: Record<string, unknown> = { now: isoAt(scope.now) };
  const who =
    'user' in scope.subject
      ? `(p.id IN (SELECT permission_id FROM ${p}_users WHERE user_id = @subject)
        OR p.id IN (SELECT pg.permission_id FROM ${p}_user_groups pg
                    JOIN user_group_users ug ON ug.group_id = pg.usergroup_id WHERE ug.user_id = @subject))`
      : `p.id IN (SELECT permission_id FROM ${p}_user_groups WHERE usergroup_id = @subject)`;
  params.subject = 'user' in scope.subject ? scope.subject.user : scope.subject.group;
  let where = `p.is_active = 1 AND p.date_start <= @now AND p.date_expired > @now AND ${who}`;
  if (scope.orgId !== null) {
    where += ' AND p.org_id = @org';
    params.org = scope.orgId;
  }
  if (scope.systemUser) {
    where += ` AND p.id IN (SELECT permission_id FROM ${p}_system_users WHERE systemuser_id = @systemUser)`;
    params.systemUser = scope.systemUser;
  }
  return { sql: `SELECT p.id FROM ${p}s p WHERE ${where}`, params };
}

/** Positional form of a named-parameter fragment (the engine's clauses take positional parameters). */
function positional(sql: string, params: Record<string, unknown>): Clause {
  const values: unknown[] = [];
  const text = sql.replace(/@(\w+)/g, (_match, name: string) => {
    values.push(params[name]);
    return '?';
  });
  return { sql: text, params: values };
}

/** `id IN (<apps granted to the scope>)`: the WHERE a list of the kind's apps is narrowed by. */
export function grantedAppsClause(kind: AppKind, scope: AppGrantScope): Clause {
  const perms = validPermissions(kind, scope);
  return positional(
    `id IN (SELECT ${kind.appColumn} FROM ${kind.prefix}_${kind.table} WHERE permission_id IN (${perms.sql}))`,
    perms.params,
  );
}

/** Ids of the apps of the kind the scope may use, by name. */
export function grantedAppIds(db: DB, kind: AppKind, scope: AppGrantScope): string[] {
  const clause = grantedAppsClause(kind, scope);
  return db
    .prepare(`SELECT id FROM ${kind.table} WHERE ${clause.sql} ORDER BY name, id`)
    .pluck()
    .all(...clause.params) as string[];
}

/**
 * The system users the scope may use on one app: those of the valid permissions naming the app, of
 * the kind's protocol only, highest priority first (2.3 orders app system users by -priority).
 */
export function grantedAppSystemUsers(
  db: DB,
  kind: AppKind,
  scope: AppGrantScope,
  appId: string,
): GrantedAppSystemUser[] {
  const perms = validPermissions(kind, scope);
  return db
    .prepare(
      `SELECT DISTINCT s.id, s.name, s.username, s.priority, s.protocol, s.login_mode
    FROM ${kind.prefix}_system_users ps JOIN system_users s ON s.id = ps.systemuser_id
    WHERE s.protocol = @protocol AND ps.permission_id IN (${perms.sql})
      AND ps.permission_id IN (SELECT permission_id FROM ${kind.prefix}_${kind.table} WHERE ${kind.appColumn} = @app)
    ORDER BY s.priority DESC, s.name, s.id`,
    )
    .all({ ...perms.params, protocol: kind.protocol, app: appId }) as GrantedAppSystemUser[];
}
