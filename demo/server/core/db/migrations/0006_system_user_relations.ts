export default {
  id: 6,
  name: 'system_user_relations',
  sql: `
      -- The system-users-{assets,nodes,users}-relations APIs (jumpserver-api.md §2.3) give each link an integer id.
      CREATE TABLE system_user_assets_v2 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        system_user_id TEXT NOT NULL REFERENCES system_users(id) ON DELETE CASCADE,
        asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        UNIQUE (system_user_id, asset_id)
      );
      INSERT INTO system_user_assets_v2 (system_user_id, asset_id) SELECT system_user_id, asset_id FROM system_user_assets;
      DROP TABLE system_user_assets;
      ALTER TABLE system_user_assets_v2 RENAME TO system_user_assets;
      CREATE INDEX system_user_assets_asset ON system_user_assets (asset_id);
      CREATE TABLE system_user_nodes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        system_user_id TEXT NOT NULL REFERENCES system_users(id) ON DELETE CASCADE,
        node_id TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        UNIQUE (system_user_id, node_id)
      );
      CREATE INDEX system_user_nodes_node ON system_user_nodes (node_id);
      CREATE TABLE system_user_users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        system_user_id TEXT NOT NULL REFERENCES system_users(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        UNIQUE (system_user_id, user_id)
      );
      CREATE INDEX system_user_users_user ON system_user_users (user_id);
      -- Views with the display names and the system user's org (deleting from a view deletes the link).
      CREATE VIEW system_users_assets_relations AS
        SELECT r.id, r.system_user_id AS systemuser, s.name || '(' || s.username || ')' AS systemuser_display,
          r.asset_id AS asset, a.hostname || '(' || a.ip || ')' AS asset_display, s.org_id
        FROM system_user_assets r JOIN system_users s ON s.id = r.system_user_id JOIN assets a ON a.id = r.asset_id;
      CREATE TRIGGER system_users_assets_relations_delete INSTEAD OF DELETE ON system_users_assets_relations
        BEGIN DELETE FROM system_user_assets WHERE id = OLD.id; END;
      CREATE VIEW system_users_nodes_relations AS
        SELECT r.id, r.system_user_id AS systemuser, s.name || '(' || s.username || ')' AS systemuser_display,
          r.node_id AS node, s.org_id
        FROM system_user_nodes r JOIN system_users s ON s.id = r.system_user_id;
      CREATE TRIGGER system_users_nodes_relations_delete INSTEAD OF DELETE ON system_users_nodes_relations
        BEGIN DELETE FROM system_user_nodes WHERE id = OLD.id; END;
      CREATE VIEW system_users_users_relations AS
        SELECT r.id, r.system_user_id AS systemuser, s.name || '(' || s.username || ')' AS systemuser_display,
          r.user_id AS user, u.name || '(' || u.username || ')' AS user_display, s.org_id
        FROM system_user_users r JOIN system_users s ON s.id = r.system_user_id JOIN users u ON u.id = r.user_id;
      CREATE TRIGGER system_users_users_relations_delete INSTEAD OF DELETE ON system_users_users_relations
        BEGIN DELETE FROM system_user_users WHERE id = OLD.id; END;
      -- JumpServer: an asset added under a node is linked to the system users of that node and of its ancestors.
      CREATE TRIGGER asset_nodes_link_system_users AFTER INSERT ON asset_nodes BEGIN
        INSERT OR IGNORE INTO system_user_assets (system_user_id, asset_id)
          SELECT l.system_user_id, NEW.asset_id FROM system_user_nodes l
            JOIN nodes linked ON linked.id = l.node_id JOIN nodes added ON added.id = NEW.node_id
          WHERE added.key = linked.key OR substr(added.key, 1, length(linked.key) + 1) = linked.key || ':';
      END;
    `,
};
