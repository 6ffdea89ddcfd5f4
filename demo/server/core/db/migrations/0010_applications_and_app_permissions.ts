/**
 * One application-permission kind (migration 10): the permission table and its four through tables
 * (<prefix>_users, _user_groups, _<apps>, _system_users), integer ids as 2.3's relation endpoints show
 * them. Literal arguments only: a migration must read the same forever.
 */
const appPermissionTables = (prefix: string, apps: string, appColumn: string, appTable: string): string => {
  const link = (kind: string, column: string, target: string) => `      CREATE TABLE ${prefix}_${kind} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        permission_id TEXT NOT NULL REFERENCES ${prefix}s(id) ON DELETE CASCADE,
        ${column} TEXT NOT NULL REFERENCES ${target}(id) ON DELETE CASCADE,
        UNIQUE (permission_id, ${column})
      );
      CREATE INDEX ${prefix}_${kind}_${column} ON ${prefix}_${kind} (${column}, permission_id);`;
  return `      CREATE TABLE ${prefix}s (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, is_active INTEGER NOT NULL DEFAULT 1,
        date_start TEXT NOT NULL, date_expired TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL,
        UNIQUE (org_id, name)
      );
      CREATE INDEX ${prefix}s_window ON ${prefix}s (is_active, date_expired, date_start);
${link('users', 'user_id', 'users')}
${link('user_groups', 'usergroup_id', 'user_groups')}
${link(apps, appColumn, appTable)}
${link('system_users', 'systemuser_id', 'system_users')}
${relationView(prefix, 'users', 'user_id', 'user', 'users', 'o.name')}
${relationView(prefix, 'user_groups', 'usergroup_id', 'usergroup', 'user_groups', 'o.name')}
${relationView(prefix, apps, appColumn, appColumn.replace('_id', ''), appTable, 'o.name')}
${relationView(prefix, 'system_users', 'systemuser_id', 'systemuser', 'system_users', "o.name || '(' || o.username || ')'")}`;
};

/**
 * The relation view of one through table (2.3's `<perm>-<links>-relations/` rows): the link's integer id,
 * both ends under 2.3's keys with their display names, and the permission's org for org scoping.
 * Deleting a row of the view deletes the link.
 */
const relationView = (
  prefix: string,
  kind: string,
  column: string,
  key: string,
  target: string,
  display: string,
): string => {
  const permKey = prefix.replace(/_/g, '');
  return `      CREATE VIEW ${prefix}_${kind}_relations AS
        SELECT r.id, r.permission_id AS ${permKey}, p.name AS ${permKey}_display, r.${column} AS ${key}, ${display} AS ${key}_display, p.org_id
        FROM ${prefix}_${kind} r JOIN ${prefix}s p ON p.id = r.permission_id JOIN ${target} o ON o.id = r.${column};
      CREATE TRIGGER ${prefix}_${kind}_relations_delete INSTEAD OF DELETE ON ${prefix}_${kind}_relations
        BEGIN DELETE FROM ${prefix}_${kind} WHERE id = OLD.id; END;`;
};

export default {
  id: 10,
  name: 'applications_and_app_permissions',
  sql: `
      -- Applications (§2.4): remote apps run on a Windows host asset (params = JSON of the type's own
      -- keys, write-only passwords included), MySQL database apps, Kubernetes clusters. Org scoped.
      CREATE TABLE remote_apps (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, asset TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        type TEXT NOT NULL DEFAULT 'chrome', path TEXT NOT NULL, params TEXT NOT NULL DEFAULT '{}',
        comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE INDEX remote_apps_asset ON remote_apps (asset);
      CREATE TABLE database_apps (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL DEFAULT 'mysql', host TEXT NOT NULL,
        port INTEGER NOT NULL DEFAULT 3306, database TEXT, comment TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE TABLE k8s_apps (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL DEFAULT 'k8s', cluster TEXT NOT NULL,
        comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      -- Their permissions (§2.5): users and groups × apps × system users, active inside a window, with
      -- the relation views 2.3's <perm>-<links>-relations/ endpoints list.
${appPermissionTables('remote_app_permission', 'remote_apps', 'remoteapp_id', 'remote_apps')}
${appPermissionTables('database_app_permission', 'database_apps', 'databaseapp_id', 'database_apps')}
${appPermissionTables('k8s_app_permission', 'k8s_apps', 'k8sapp_id', 'k8s_apps')}
    `,
};
