export default {
  id: 3,
  name: 'assets_section',
  sql: `
      CREATE TABLE platforms (
        id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, base TEXT NOT NULL DEFAULT 'Linux',
        charset TEXT NOT NULL DEFAULT 'utf8', meta TEXT, internal INTEGER NOT NULL DEFAULT 0, comment TEXT NOT NULL DEFAULT ''
      );
      INSERT INTO platforms (name, base, meta, internal) VALUES ('Linux', 'Linux', NULL, 1), ('Unix', 'Unix', NULL, 1),
        ('MacOS', 'MacOS', NULL, 1), ('BSD', 'BSD', NULL, 1), ('Windows', 'Windows', NULL, 1),
        ('Windows2016', 'Windows', '{"security":"tls"}', 1), ('Other', 'Other', NULL, 1);
      -- Keys are globally unique ('1', '1:0', '1:0:3'); a subtree is the key range [k:, k;) which uses the index.
      CREATE TABLE nodes (
        id TEXT PRIMARY KEY, key TEXT NOT NULL UNIQUE, parent_key TEXT NOT NULL DEFAULT '', value TEXT NOT NULL,
        child_mark INTEGER NOT NULL DEFAULT 0, org_id TEXT NOT NULL DEFAULT '', date_create TEXT NOT NULL
      );
      CREATE INDEX nodes_org_key ON nodes (org_id, key);
      CREATE INDEX nodes_parent ON nodes (parent_key, value);
      CREATE TABLE admin_users (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, username TEXT NOT NULL DEFAULT '', password TEXT NOT NULL DEFAULT '',
        private_key TEXT NOT NULL DEFAULT '', public_key TEXT NOT NULL DEFAULT '', comment TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE TABLE domains (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE TABLE gateways (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, ip TEXT NOT NULL, port INTEGER NOT NULL DEFAULT 22,
        protocol TEXT NOT NULL DEFAULT 'ssh', username TEXT NOT NULL DEFAULT '', password TEXT NOT NULL DEFAULT '',
        private_key TEXT NOT NULL DEFAULT '', public_key TEXT NOT NULL DEFAULT '',
        domain TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE, is_active INTEGER NOT NULL DEFAULT 1,
        comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE INDEX gateways_domain ON gateways (domain);
      -- connectivity_status: 0 unreachable, 1 reachable, 2 unknown until the task runner tests the asset.
      CREATE TABLE assets (
        id TEXT PRIMARY KEY, hostname TEXT NOT NULL, ip TEXT NOT NULL, protocols TEXT NOT NULL DEFAULT 'ssh/22',
        port INTEGER NOT NULL DEFAULT 22, platform TEXT NOT NULL DEFAULT 'Linux',
        admin_user TEXT REFERENCES admin_users(id) ON DELETE SET NULL, domain TEXT REFERENCES domains(id) ON DELETE SET NULL,
        is_active INTEGER NOT NULL DEFAULT 1, public_ip TEXT NOT NULL DEFAULT '', number TEXT NOT NULL DEFAULT '',
        comment TEXT NOT NULL DEFAULT '', vendor TEXT, model TEXT, sn TEXT, cpu_model TEXT, cpu_count INTEGER,
        cpu_cores INTEGER, cpu_vcpus INTEGER, memory TEXT, disk_total TEXT, disk_info TEXT, os TEXT, os_version TEXT,
        os_arch TEXT, hostname_raw TEXT, connectivity_status INTEGER NOT NULL DEFAULT 2, connectivity_datetime TEXT,
        org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL,
        UNIQUE (org_id, hostname)
      );
      CREATE INDEX assets_org_ip ON assets (org_id, ip, id);
      CREATE INDEX assets_org_port ON assets (org_id, port, id);
      CREATE INDEX assets_org_cpu_cores ON assets (org_id, cpu_cores, id);
      CREATE INDEX assets_admin_user ON assets (admin_user);
      CREATE INDEX assets_domain ON assets (domain);
      CREATE VIRTUAL TABLE assets_fts USING fts5(hostname, ip, content='assets', content_rowid='rowid', tokenize='trigram');
      CREATE TRIGGER assets_fts_insert AFTER INSERT ON assets BEGIN
        INSERT INTO assets_fts (rowid, hostname, ip) VALUES (new.rowid, new.hostname, new.ip);
      END;
      CREATE TRIGGER assets_fts_delete AFTER DELETE ON assets BEGIN
        INSERT INTO assets_fts (assets_fts, rowid, hostname, ip) VALUES ('delete', old.rowid, old.hostname, old.ip);
      END;
      CREATE TRIGGER assets_fts_update AFTER UPDATE OF hostname, ip ON assets BEGIN
        INSERT INTO assets_fts (assets_fts, rowid, hostname, ip) VALUES ('delete', old.rowid, old.hostname, old.ip);
        INSERT INTO assets_fts (rowid, hostname, ip) VALUES (new.rowid, new.hostname, new.ip);
      END;
      -- Node membership, indexed both ways: a node's assets and an asset's nodes.
      CREATE TABLE asset_nodes (
        asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        node_id TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        PRIMARY KEY (node_id, asset_id)
      ) WITHOUT ROWID;
      CREATE INDEX asset_nodes_asset ON asset_nodes (asset_id, node_id);
      -- Bumped by every change of the tree or of node membership: cached subtree asset counts check it.
      CREATE TABLE node_tree_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
      INSERT INTO node_tree_version (id, version) VALUES (1, 0);
      CREATE TRIGGER asset_nodes_added AFTER INSERT ON asset_nodes BEGIN UPDATE node_tree_version SET version = version + 1; END;
      CREATE TRIGGER asset_nodes_removed AFTER DELETE ON asset_nodes BEGIN UPDATE node_tree_version SET version = version + 1; END;
      CREATE TRIGGER nodes_added AFTER INSERT ON nodes BEGIN UPDATE node_tree_version SET version = version + 1; END;
      CREATE TRIGGER nodes_moved AFTER UPDATE OF key ON nodes BEGIN UPDATE node_tree_version SET version = version + 1; END;
      CREATE TRIGGER nodes_removed AFTER DELETE ON nodes BEGIN UPDATE node_tree_version SET version = version + 1; END;
      CREATE TABLE labels (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, value TEXT NOT NULL, category TEXT NOT NULL DEFAULT 'U',
        is_active INTEGER NOT NULL DEFAULT 1, comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, UNIQUE (org_id, name, value)
      );
      CREATE TABLE asset_labels (
        asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        label_id TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
        PRIMARY KEY (label_id, asset_id)
      ) WITHOUT ROWID;
      CREATE INDEX asset_labels_asset ON asset_labels (asset_id, label_id);
      CREATE TABLE system_users (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, username TEXT NOT NULL DEFAULT '', protocol TEXT NOT NULL DEFAULT 'ssh',
        login_mode TEXT NOT NULL DEFAULT 'auto', priority INTEGER NOT NULL DEFAULT 20,
        username_same_with_user INTEGER NOT NULL DEFAULT 0, auto_push INTEGER NOT NULL DEFAULT 1,
        sudo TEXT NOT NULL DEFAULT '/bin/whoami', shell TEXT NOT NULL DEFAULT '/bin/bash', sftp_root TEXT NOT NULL DEFAULT 'tmp',
        home TEXT NOT NULL DEFAULT '', system_groups TEXT NOT NULL DEFAULT '', comment TEXT NOT NULL DEFAULT '',
        password TEXT NOT NULL DEFAULT '', private_key TEXT NOT NULL DEFAULT '', public_key TEXT NOT NULL DEFAULT '',
        token TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE TABLE system_user_assets (
        system_user_id TEXT NOT NULL REFERENCES system_users(id) ON DELETE CASCADE,
        asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        PRIMARY KEY (system_user_id, asset_id)
      ) WITHOUT ROWID;
      CREATE INDEX system_user_assets_asset ON system_user_assets (asset_id);
      CREATE TABLE cmd_filters (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, is_active INTEGER NOT NULL DEFAULT 1, comment TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE TABLE system_user_cmd_filters (
        system_user_id TEXT NOT NULL REFERENCES system_users(id) ON DELETE CASCADE,
        filter_id TEXT NOT NULL REFERENCES cmd_filters(id) ON DELETE CASCADE,
        PRIMARY KEY (system_user_id, filter_id)
      ) WITHOUT ROWID;
      CREATE INDEX system_user_cmd_filters_filter ON system_user_cmd_filters (filter_id);
      CREATE TABLE cmd_filter_rules (
        id TEXT PRIMARY KEY, filter_id TEXT NOT NULL REFERENCES cmd_filters(id) ON DELETE CASCADE,
        type TEXT NOT NULL DEFAULT 'command', content TEXT NOT NULL, priority INTEGER NOT NULL DEFAULT 50,
        action INTEGER NOT NULL DEFAULT 0, comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, date_updated TEXT NOT NULL
      );
      CREATE INDEX cmd_filter_rules_filter ON cmd_filter_rules (filter_id, priority, action);
    `,
};
