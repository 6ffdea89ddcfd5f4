/**
 * One through table of an asset permission (asset_permission_<kind>): an integer id, as 2.3's relation
 * endpoints show it, the pair unique, and an index from the other side for "which permissions name X".
 * Literal arguments only: a migration must read the same forever.
 */
const permissionLink = (
  kind: string,
  column: string,
  target: string,
): string => `      CREATE TABLE asset_permission_${kind} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        permission_id TEXT NOT NULL REFERENCES asset_permissions(id) ON DELETE CASCADE,
        ${column} TEXT NOT NULL REFERENCES ${target}(id) ON DELETE CASCADE,
        UNIQUE (permission_id, ${column})
      );
      CREATE INDEX asset_permission_${kind}_${column} ON asset_permission_${kind} (${column}, permission_id);`;

export default {
  id: 8,
  name: 'asset_permissions',
  sql: `
      -- Asset permissions (§2.5): who (users, user groups) may reach what (assets, nodes) as whom (system
      -- users), with an action bitmask and a validity window. Through tables have integer ids, as 2.3's
      -- relation endpoints show them. Datetimes are UTC ISO text, so windows compare as strings.
      CREATE TABLE asset_permissions (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, is_active INTEGER NOT NULL DEFAULT 1,
        date_start TEXT NOT NULL, date_expired TEXT NOT NULL, actions INTEGER NOT NULL DEFAULT 255,
        comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE INDEX asset_permissions_window ON asset_permissions (is_active, date_expired, date_start);
${permissionLink('users', 'user_id', 'users')}
${permissionLink('user_groups', 'usergroup_id', 'user_groups')}
${permissionLink('assets', 'asset_id', 'assets')}
${permissionLink('nodes', 'node_id', 'nodes')}
${permissionLink('system_users', 'systemuser_id', 'system_users')}
    `,
};
