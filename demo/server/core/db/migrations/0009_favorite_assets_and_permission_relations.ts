/**
 * A view over one asset-permission through table for its relation endpoint (§2.5): the permission's
 * name and org, the other side and its display; deleting from the view deletes the link.
 * Literal arguments only.
 */
const permissionRelationView = (
  kind: string,
  key: string,
  column: string,
  display: string,
): string => `      CREATE VIEW asset_permissions_${kind}_relations AS
        SELECT r.id, r.permission_id AS assetpermission, p.name AS assetpermission_display, r.${column} AS ${key},
          ${display} AS ${key}_display, p.org_id
        FROM asset_permission_${kind} r JOIN asset_permissions p ON p.id = r.permission_id;
      CREATE TRIGGER asset_permissions_${kind}_relations_delete INSTEAD OF DELETE ON asset_permissions_${kind}_relations
        BEGIN DELETE FROM asset_permission_${kind} WHERE id = OLD.id; END;`;

export default {
  id: 9,
  name: 'favorite_assets_and_permission_relations',
  sql: `
      -- A user's starred assets (2.3 FavoriteAsset): owned by the user, in no org (the "my" views span orgs).
      CREATE TABLE favorite_assets (
        id TEXT PRIMARY KEY,
        user TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        asset TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        date_created TEXT NOT NULL,
        UNIQUE (user, asset)
      );
      CREATE INDEX favorite_assets_asset ON favorite_assets (asset);
      -- Granted asset lists look assets up by id and then filter, search and order on these columns: a
      -- covering index keeps those thousands of lookups off the wide rows.
      CREATE INDEX assets_grant_lookup ON assets (id, is_active, hostname, ip, comment);
${permissionRelationView('users', 'user', 'user_id', '(SELECT name FROM users WHERE id = r.user_id)')}
${permissionRelationView('user_groups', 'usergroup', 'usergroup_id', '(SELECT name FROM user_groups WHERE id = r.usergroup_id)')}
${permissionRelationView('assets', 'asset', 'asset_id', '(SELECT hostname FROM assets WHERE id = r.asset_id)')}
${permissionRelationView('nodes', 'node', 'node_id', '(SELECT value FROM nodes WHERE id = r.node_id)')}
${permissionRelationView('system_users', 'systemuser', 'systemuser_id', "(SELECT name || '(' || username || ')' FROM system_users WHERE id = r.systemuser_id)")}
    `,
};
