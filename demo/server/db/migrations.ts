// Numbered, append-only migrations. Never edit a released one: add the next number.
export interface Migration { id: number; name: string; sql: string }

/**
 * One through table of an asset permission (asset_permission_<kind>): an integer id, as 2.3's relation
 * endpoints show it, the pair unique, and an index from the other side for "which permissions name X".
 * Literal arguments only: a migration must read the same forever.
 */
const permissionLink = (kind: string, column: string, target: string): string => `      CREATE TABLE asset_permission_${kind} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        permission_id TEXT NOT NULL REFERENCES asset_permissions(id) ON DELETE CASCADE,
        ${column} TEXT NOT NULL REFERENCES ${target}(id) ON DELETE CASCADE,
        UNIQUE (permission_id, ${column})
      );
      CREATE INDEX asset_permission_${kind}_${column} ON asset_permission_${kind} (${column}, permission_id);`;

/**
 * One application-permission kind (migration 10): the permission table and its four through tables
 * (<prefix>_users, _user_groups, _<apps>, _system_users), integer ids as 2.3's relation endpoints show
 * them. Literal arguments only, like permissionLink.
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
${relationView(prefix, 'users', 'user_id', 'user', 'users', "o.name")}
${relationView(prefix, 'user_groups', 'usergroup_id', 'usergroup', 'user_groups', "o.name")}
${relationView(prefix, apps, appColumn, appColumn.replace('_id', ''), appTable, "o.name")}
${relationView(prefix, 'system_users', 'systemuser_id', 'systemuser', 'system_users', "o.name || '(' || o.username || ')'")}`;
};

/**
 * The relation view of one through table (2.3's `<perm>-<links>-relations/` rows): the link's integer id,
 * both ends under 2.3's keys with their display names, and the permission's org for org scoping.
 * Deleting a row of the view deletes the link.
 */
const relationView = (prefix: string, kind: string, column: string, key: string, target: string, display: string): string => {
  const permKey = prefix.replace(/_/g, '');
  return `      CREATE VIEW ${prefix}_${kind}_relations AS
        SELECT r.id, r.permission_id AS ${permKey}, p.name AS ${permKey}_display, r.${column} AS ${key}, ${display} AS ${key}_display, p.org_id
        FROM ${prefix}_${kind} r JOIN ${prefix}s p ON p.id = r.permission_id JOIN ${target} o ON o.id = r.${column};
      CREATE TRIGGER ${prefix}_${kind}_relations_delete INSTEAD OF DELETE ON ${prefix}_${kind}_relations
        BEGIN DELETE FROM ${prefix}_${kind} WHERE id = OLD.id; END;`;
};

/**
 * A view over one asset-permission through table for its relation endpoint (§2.5): the permission's
 * name and org, the other side and its display; deleting from the view deletes the link.
 * Literal arguments only.
 */
const permissionRelationView = (kind: string, key: string, column: string, display: string): string => `      CREATE VIEW asset_permissions_${kind}_relations AS
        SELECT r.id, r.permission_id AS assetpermission, p.name AS assetpermission_display, r.${column} AS ${key},
          ${display} AS ${key}_display, p.org_id
        FROM asset_permission_${kind} r JOIN asset_permissions p ON p.id = r.permission_id;
      CREATE TRIGGER asset_permissions_${kind}_relations_delete INSTEAD OF DELETE ON asset_permissions_${kind}_relations
        BEGIN DELETE FROM asset_permission_${kind} WHERE id = OLD.id; END;`;

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'users_orgs_auth',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE, role TEXT NOT NULL DEFAULT 'User',
        password_hash TEXT, wechat TEXT NOT NULL DEFAULT '', phone TEXT, mfa_level INTEGER NOT NULL DEFAULT 0,
        public_key TEXT NOT NULL DEFAULT '', comment TEXT, is_active INTEGER NOT NULL DEFAULT 1,
        is_first_login INTEGER NOT NULL DEFAULT 1, date_expired TEXT NOT NULL, source TEXT NOT NULL DEFAULT 'local',
        date_joined TEXT NOT NULL, last_login TEXT, created_by TEXT NOT NULL DEFAULT '',
        date_password_last_updated TEXT
      );
      -- JumpServer: the built-in \`admin\` is always Admin and can never be deleted, whatever the caller.
      CREATE TRIGGER users_keep_admin BEFORE DELETE ON users WHEN OLD.username = 'admin'
        BEGIN SELECT RAISE(ABORT, 'The user admin cannot be deleted'); END;
      CREATE TABLE orgs (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, comment TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL
      );
      CREATE TABLE org_members (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('Admin', 'Auditor', 'User')),
        UNIQUE (org_id, user_id, role)
      );
      CREATE TABLE user_groups (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, UNIQUE (org_id, name)
      );
      CREATE TABLE user_group_users (
        group_id TEXT NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, user_id)
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL, created_at INTEGER NOT NULL
      );
      CREATE TABLE bearer_tokens (
        token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE access_keys (
        id TEXT PRIMARY KEY, secret TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        is_active INTEGER NOT NULL DEFAULT 1, date_created TEXT NOT NULL
      );
      CREATE TABLE login_failures (
        username TEXT NOT NULL COLLATE NOCASE, ip TEXT NOT NULL, count INTEGER NOT NULL,
        last_failed_at INTEGER NOT NULL, blocked_until INTEGER, PRIMARY KEY (username, ip)
      );
      CREATE TABLE login_logs (
        id TEXT PRIMARY KEY, username TEXT NOT NULL, type TEXT NOT NULL, ip TEXT NOT NULL, city TEXT NOT NULL,
        user_agent TEXT NOT NULL, mfa INTEGER NOT NULL, reason TEXT NOT NULL, status INTEGER NOT NULL,
        datetime TEXT NOT NULL
      );
      CREATE INDEX login_logs_datetime ON login_logs (datetime);
      CREATE TABLE password_change_logs (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, change_by TEXT NOT NULL, remote_addr TEXT NOT NULL,
        datetime TEXT NOT NULL
      );
      CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL, category TEXT NOT NULL);
      CREATE TABLE resource_caches (spm TEXT PRIMARY KEY, ids TEXT NOT NULL, expires_at INTEGER NOT NULL);
    `,
  },
  {
    id: 2,
    name: 'users_groups_engine',
    sql: `
      ALTER TABLE users ADD COLUMN otp_secret_key TEXT;
      -- Indexes on the users list's ordering and filter columns (100k users must list in milliseconds).
      -- Filter indexes continue with the default order (username, id) so ORDER BY ... LIMIT walks the index,
      -- and end with role so the COUNT of the scope (role != 'App') never reads the table.
      CREATE INDEX users_role ON users (role);
      CREATE INDEX users_name ON users (name, id);
      CREATE INDEX users_source ON users (source, username, id, role);
      CREATE INDEX users_is_active ON users (is_active, username, id, role);
      CREATE INDEX users_date_joined ON users (date_joined, id);
      CREATE INDEX users_date_expired ON users (date_expired, id);
      CREATE INDEX org_members_user ON org_members (user_id, org_id);
      -- Infix search over username/name/email/source: a trigram index over the table's rowids.
      -- (Never VACUUM this database: VACUUM may renumber the rowids of a table without INTEGER PRIMARY KEY.)
      CREATE VIRTUAL TABLE users_fts USING fts5(username, name, email, source, content='users', content_rowid='rowid', tokenize='trigram');
      INSERT INTO users_fts (users_fts) VALUES ('rebuild');
      CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
        INSERT INTO users_fts (rowid, username, name, email, source) VALUES (new.rowid, new.username, new.name, new.email, new.source);
      END;
      CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
        INSERT INTO users_fts (users_fts, rowid, username, name, email, source) VALUES ('delete', old.rowid, old.username, old.name, old.email, old.source);
      END;
      CREATE TRIGGER users_fts_update AFTER UPDATE OF username, name, email, source ON users BEGIN
        INSERT INTO users_fts (users_fts, rowid, username, name, email, source) VALUES ('delete', old.rowid, old.username, old.name, old.email, old.source);
        INSERT INTO users_fts (rowid, username, name, email, source) VALUES (new.rowid, new.username, new.name, new.email, new.source);
      END;
      -- The users-groups relation API needs an integer id per row.
      CREATE TABLE user_group_users_v2 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        group_id TEXT NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        UNIQUE (group_id, user_id)
      );
      INSERT INTO user_group_users_v2 (group_id, user_id) SELECT group_id, user_id FROM user_group_users;
      DROP TABLE user_group_users;
      ALTER TABLE user_group_users_v2 RENAME TO user_group_users;
      CREATE INDEX user_group_users_user ON user_group_users (user_id);
      CREATE VIEW users_groups_relations AS
        SELECT r.id, r.user_id AS user, u.name || '(' || u.username || ')' AS user_display,
          r.group_id AS usergroup, g.name AS usergroup_display, g.org_id
        FROM user_group_users r JOIN users u ON u.id = r.user_id JOIN user_groups g ON g.id = r.group_id;
      CREATE TRIGGER users_groups_relations_delete INSTEAD OF DELETE ON users_groups_relations
        BEGIN DELETE FROM user_group_users WHERE id = OLD.id; END;
      CREATE INDEX user_groups_date_created ON user_groups (date_created);
      -- Mail is queued here when e-mail is configured; this server has no SMTP client.
      CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL
      );
    `,
  },
  {
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
  },
  {
    id: 4,
    name: 'celery_tasks',
    sql: `
      -- The in-process task runner (demo/server/tasks): one row per task, its log appended line by line.
      CREATE TABLE celery_tasks (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'PENDING', result TEXT,
        date_created TEXT NOT NULL, date_start TEXT, date_finished TEXT, creator TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX celery_tasks_date_created ON celery_tasks (date_created);
      CREATE TABLE celery_task_logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL REFERENCES celery_tasks(id) ON DELETE CASCADE,
        line TEXT NOT NULL
      );
      CREATE INDEX celery_task_logs_task ON celery_task_logs (task_id, id);
    `,
  },
  {
    id: 5,
    name: 'platform_rename_follows',
    sql: `
      -- Assets name their platform: a renamed platform keeps its assets.
      CREATE TRIGGER platforms_rename AFTER UPDATE OF name ON platforms WHEN old.name != new.name BEGIN
        UPDATE assets SET platform = new.name WHERE platform = old.name;
      END;
      CREATE INDEX assets_platform ON assets (platform);
    `,
  },
  {
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
  },
  {
    id: 7,
    name: 'task_owner_and_login_indexes',
    sql: `
      -- A task's log is shown to its creator and to the admins/auditors of the org it was started in
      -- (rows from before: '' = DEFAULT, no creator id: system roles only).
      ALTER TABLE celery_tasks ADD COLUMN creator_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE celery_tasks ADD COLUMN org_id TEXT NOT NULL DEFAULT '';
      -- A password change ends every login of that user.
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX bearer_tokens_user ON bearer_tokens (user_id);
    `,
  },
  {
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
  },
  {
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
${permissionRelationView('users', 'user', 'user_id', "(SELECT name FROM users WHERE id = r.user_id)")}
${permissionRelationView('user_groups', 'usergroup', 'usergroup_id', "(SELECT name FROM user_groups WHERE id = r.usergroup_id)")}
${permissionRelationView('assets', 'asset', 'asset_id', "(SELECT hostname FROM assets WHERE id = r.asset_id)")}
${permissionRelationView('nodes', 'node', 'node_id', "(SELECT value FROM nodes WHERE id = r.node_id)")}
${permissionRelationView('system_users', 'systemuser', 'systemuser_id', "(SELECT name || '(' || username || ')' FROM system_users WHERE id = r.systemuser_id)")}
    `,
  },
  {
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
  },
  {
    id: 11,
    name: 'asset_users_gathered_users_mfa',
    sql: `
      -- 2.3's AssetUser: the accounts known per asset, one row per (asset, account): its admin user, each
      -- linked system user, and for a dynamic system user (username_same_with_user) each of its users.
      -- The union ids are 2.3's: <admin_user>_<asset>, <system_user>_<asset>, <system_user>_<asset>_<user>.
      -- score ranks rows of one (asset, username) for latest=1 (2.3: admin user 200, system user its priority).
      CREATE VIEW asset_users AS
        SELECT au.id || '_' || a.id AS id, au.username AS username, a.id AS asset, a.hostname AS hostname, a.ip AS ip,
          'admin_user' AS backend, 0 AS version, a.date_created AS date_created, au.date_updated AS date_updated,
          au.comment AS comment, a.org_id AS org_id, au.id AS prefer_id, 200 AS score,
          au.password AS password, au.private_key AS private_key, au.public_key AS public_key
        FROM assets a JOIN admin_users au ON au.id = a.admin_user
        UNION ALL
        SELECT su.id || '_' || a.id, su.username, a.id, a.hostname, a.ip, 'system_user', 0, su.date_created, su.date_updated,
          su.comment, a.org_id, su.id, su.priority, su.password, su.private_key, su.public_key
        FROM system_user_assets sa JOIN system_users su ON su.id = sa.system_user_id JOIN assets a ON a.id = sa.asset_id
        WHERE su.username_same_with_user = 0
        UNION ALL
        SELECT su.id || '_' || a.id || '_' || u.id, u.username, a.id, a.hostname, a.ip, 'system_user_dynamic', 0, su.date_created,
          su.date_updated, su.comment, a.org_id, su.id, su.priority, su.password, su.private_key, su.public_key
        FROM system_user_assets sa JOIN system_users su ON su.id = sa.system_user_id JOIN assets a ON a.id = sa.asset_id
          JOIN system_user_users suu ON suu.system_user_id = su.id JOIN users u ON u.id = suu.user_id
        WHERE su.username_same_with_user = 1;

      -- 2.3's GatheredUser: accounts found on an asset by a gather-user task (xpack), read-only here.
      CREATE TABLE gathered_users (
        id TEXT PRIMARY KEY, asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        username TEXT NOT NULL DEFAULT '', present INTEGER NOT NULL DEFAULT 1, date_last_login TEXT,
        ip_last_login TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, date_updated TEXT NOT NULL
      );
      CREATE INDEX gathered_users_asset ON gathered_users (asset_id);
      CREATE INDEX gathered_users_username ON gathered_users (username);
      CREATE VIEW gathered_users_list AS
        SELECT g.id, g.asset_id AS asset, a.hostname, a.ip, g.username, g.date_last_login, g.ip_last_login, g.present,
          g.org_id, g.date_created, g.date_updated
        FROM gathered_users g JOIN assets a ON a.id = g.asset_id;

      -- When the login (session or bearer token) last passed otp/verify/ (2.3: session MFA_VERIFY_TIME), ms.
      ALTER TABLE sessions ADD COLUMN mfa_verified_at INTEGER;
      ALTER TABLE bearer_tokens ADD COLUMN mfa_verified_at INTEGER;
    `,
  },
  {
    id: 12,
    name: 'terminals_sessions_commands_storages',
    sql: `
      -- Terminals (§2.6): registered components, each with its App service account (users.role = 'App').
      -- A deleted terminal stays as a row (is_deleted) so its name cannot be reused by accident: 2.3 keeps it.
      CREATE TABLE terminals (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, remote_addr TEXT NOT NULL DEFAULT '',
        ssh_port INTEGER NOT NULL DEFAULT 2222, http_port INTEGER NOT NULL DEFAULT 5000,
        command_storage TEXT NOT NULL DEFAULT 'default', replay_storage TEXT NOT NULL DEFAULT 'default',
        user_id TEXT REFERENCES users(id) ON DELETE SET NULL, is_accepted INTEGER NOT NULL DEFAULT 0,
        is_deleted INTEGER NOT NULL DEFAULT 0, comment TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL,
        last_heartbeat INTEGER, session_online INTEGER NOT NULL DEFAULT 0, cpu_load REAL NOT NULL DEFAULT 0,
        memory_used REAL NOT NULL DEFAULT 0
      );
      CREATE INDEX terminals_user ON terminals (user_id);
      CREATE INDEX terminals_name ON terminals (name, is_deleted);
      -- Tasks delivered on the terminal's next heartbeat (kill_session).
      CREATE TABLE terminal_tasks (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, args TEXT NOT NULL DEFAULT '',
        terminal TEXT REFERENCES terminals(id) ON DELETE CASCADE, is_finished INTEGER NOT NULL DEFAULT 0,
        date_created TEXT NOT NULL, date_finished TEXT
      );
      CREATE INDEX terminal_tasks_pending ON terminal_tasks (terminal, is_finished, date_created);
      -- Sessions (login sessions already own the name "sessions").
      CREATE TABLE terminal_sessions (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, user_id TEXT NOT NULL DEFAULT '', asset TEXT NOT NULL,
        asset_id TEXT NOT NULL DEFAULT '', system_user TEXT NOT NULL, system_user_id TEXT NOT NULL DEFAULT '',
        login_from TEXT NOT NULL DEFAULT 'ST', remote_addr TEXT, is_success INTEGER NOT NULL DEFAULT 1,
        is_finished INTEGER NOT NULL DEFAULT 0, has_replay INTEGER NOT NULL DEFAULT 0,
        has_command INTEGER NOT NULL DEFAULT 0, protocol TEXT NOT NULL DEFAULT 'ssh',
        date_start TEXT NOT NULL, date_end TEXT, terminal TEXT REFERENCES terminals(id) ON DELETE SET NULL,
        org_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX terminal_sessions_start ON terminal_sessions (org_id, date_start);
      CREATE INDEX terminal_sessions_finished ON terminal_sessions (org_id, is_finished, date_start);
      CREATE INDEX terminal_sessions_user ON terminal_sessions (org_id, user, date_start);
      CREATE INDEX terminal_sessions_asset ON terminal_sessions (org_id, asset, date_start);
      CREATE INDEX terminal_sessions_system_user ON terminal_sessions (org_id, system_user, date_start);
      CREATE INDEX terminal_sessions_terminal ON terminal_sessions (terminal, is_finished);
      -- Commands: read by time window within an org, each filter with the window. \`seq\` (the rowid) is
      -- timestamp * 2^20 + n, so rows are clustered by time and a window is one rowid range — in the table,
      -- in every (org_id, <filter>, seq) index (which also gives the newest-first order) and in the FTS index
      -- of \`input\` (FTS5 seeks rowid ranges), so an infix search reads only the window's matches.
      CREATE TABLE commands (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, user TEXT NOT NULL, asset TEXT NOT NULL,
        system_user TEXT NOT NULL, input TEXT NOT NULL, output TEXT NOT NULL DEFAULT '', session TEXT NOT NULL,
        risk_level INTEGER NOT NULL DEFAULT 0, org_id TEXT NOT NULL DEFAULT '', timestamp INTEGER NOT NULL
      );
      CREATE INDEX commands_time ON commands (org_id, seq);
      CREATE INDEX commands_user ON commands (org_id, user, seq);
      CREATE INDEX commands_asset ON commands (org_id, asset, seq);
      CREATE INDEX commands_system_user ON commands (org_id, system_user, seq);
      CREATE INDEX commands_risk ON commands (org_id, risk_level, seq);
      CREATE INDEX commands_session ON commands (session, seq);
      -- Infix search on input (2.3: input__icontains) over millions of rows.
      CREATE VIRTUAL TABLE commands_fts USING fts5(input, content='commands', content_rowid='seq', tokenize='trigram');
      CREATE TRIGGER commands_fts_insert AFTER INSERT ON commands BEGIN
        INSERT INTO commands_fts (rowid, input) VALUES (new.seq, new.input);
      END;
      CREATE TRIGGER commands_fts_delete AFTER DELETE ON commands BEGIN
        INSERT INTO commands_fts (commands_fts, rowid, input) VALUES ('delete', old.seq, old.input);
      END;
      -- Storages (global, superuser): meta is the type's JSON settings, secrets included (write-only in the API).
      CREATE TABLE replay_storages (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, type TEXT NOT NULL DEFAULT 'server', meta TEXT NOT NULL DEFAULT '{}',
        comment TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, date_updated TEXT NOT NULL
      );
      CREATE TABLE command_storages (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, type TEXT NOT NULL DEFAULT 'server', meta TEXT NOT NULL DEFAULT '{}',
        comment TEXT NOT NULL DEFAULT '', created_by TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, date_updated TEXT NOT NULL
      );
      -- The built-in storages (type server: replays in the server's data dir, commands in this database),
      -- as 2.3's migration creates them; they cannot be deleted.
      INSERT INTO replay_storages (id, name, type, meta, comment, created_by, date_created, date_updated)
        VALUES ('5fd8c3e2-6f5c-4c59-9d0e-2b7a1f0c0a01', 'default', 'server', '{}', 'Store locally', 'System',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      INSERT INTO command_storages (id, name, type, meta, comment, created_by, date_created, date_updated)
        VALUES ('5fd8c3e2-6f5c-4c59-9d0e-2b7a1f0c0a02', 'default', 'server', '{}', 'Store locally', 'System',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      -- Web terminal connection tokens: single use, 5 minutes.
      CREATE TABLE connection_tokens (
        token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        asset_id TEXT NOT NULL, system_user_id TEXT NOT NULL, expires_at INTEGER NOT NULL
      );
    `,
  },
  {
    id: 13,
    name: 'audits',
    sql: `
      -- Audits (§2.9). Operate logs: one row per create/update/delete of an admin-managed object, written by
      -- the resource engine (engine/write.ts) in the write's own transaction, in the org it was made in.
      CREATE TABLE operate_logs (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, action TEXT NOT NULL, resource_type TEXT NOT NULL,
        resource TEXT NOT NULL, remote_addr TEXT NOT NULL DEFAULT '', datetime TEXT NOT NULL,
        org_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX operate_logs_org_datetime ON operate_logs (org_id, datetime);
      -- FTP logs: posted by the terminal component (SFTP through the door), one row per file operation.
      CREATE TABLE ftp_logs (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, remote_addr TEXT, asset TEXT NOT NULL, system_user TEXT NOT NULL,
        operate TEXT NOT NULL, filename TEXT NOT NULL, is_success INTEGER NOT NULL DEFAULT 1,
        date_start TEXT NOT NULL, org_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX ftp_logs_org_date ON ftp_logs (org_id, date_start);
      -- Batch command executions (ops): run as a system user on hosts; the org is the system user's.
      CREATE TABLE command_executions (
        id TEXT PRIMARY KEY, run_as TEXT NOT NULL REFERENCES system_users(id) ON DELETE CASCADE,
        user TEXT REFERENCES users(id) ON DELETE SET NULL, command TEXT NOT NULL, is_finished INTEGER NOT NULL DEFAULT 0,
        result TEXT NOT NULL DEFAULT '{}', date_created TEXT NOT NULL, date_start TEXT, date_finished TEXT,
        org_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX command_executions_date ON command_executions (date_start);
      CREATE TABLE command_execution_hosts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        commandexecution_id TEXT NOT NULL REFERENCES command_executions(id) ON DELETE CASCADE,
        asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        UNIQUE (commandexecution_id, asset_id)
      );
      CREATE INDEX command_execution_hosts_asset ON command_execution_hosts (asset_id);
      -- What the audit lists read: the names 2.3 annotates (user_display, run_as_display) and the run-as
      -- system user's org, which decides where an execution is seen.
      CREATE VIEW command_executions_list AS
        SELECT ce.id, ce.run_as, ce.user, ce.command, ce.is_finished, ce.result, ce.date_created, ce.date_start,
          ce.date_finished, ce.org_id, COALESCE(su.name, '') AS run_as_display, COALESCE(u.name, '') AS user_display,
          su.org_id AS run_as_org
        FROM command_executions ce LEFT JOIN system_users su ON su.id = ce.run_as LEFT JOIN users u ON u.id = ce.user;
      CREATE VIEW command_execution_hosts_list AS
        SELECT h.id, h.asset_id AS asset, a.hostname || '(' || a.ip || ')' AS asset_display,
          h.commandexecution_id AS commandexecution, ce.command AS commandexecution_display, su.org_id AS run_as_org
        FROM command_execution_hosts h JOIN assets a ON a.id = h.asset_id
          JOIN command_executions ce ON ce.id = h.commandexecution_id LEFT JOIN system_users su ON su.id = ce.run_as;
      CREATE INDEX login_logs_username ON login_logs (username, datetime);
      CREATE INDEX password_change_logs_datetime ON password_change_logs (datetime);
    `,
  },
  {
    id: 14,
    name: 'session_activity',
    sql: `
      -- SECURITY_MAX_IDLE_TIME: when a browser session was last used (NULL = since created_at).
      ALTER TABLE sessions ADD COLUMN last_active_at INTEGER;
    `,
  },
  {
    id: 15,
    name: 'dashboard_indexes',
    // The dashboard (/api/v1/index/) counts sessions and their distinct users/assets per day, and successful
    // sign-ins per day: covering indexes answer those from the index alone (200k sessions and sign-ins over 40 days: all=1 0.9 s → 0.26 s, monthly 2.2 s → 0.9 s).
    sql: `
      CREATE INDEX terminal_sessions_dashboard ON terminal_sessions (org_id, date_start, user, asset);
      CREATE INDEX login_logs_dashboard ON login_logs (datetime, status, username);
    `,
  },
  {
    id: 16,
    name: 'login_flows',
    // The anonymous half of sign-in (2.3 keeps it in the Django session before login): the form's RSA key
    // pair, the user who passed the password and still owes an MFA code, the forced-MFA binding. One row
    // per browser (cookie jms_login_flow) or API client, JSON data, short-lived.
    sql: `
      CREATE TABLE login_flows (
        id TEXT PRIMARY KEY,
        data TEXT NOT NULL DEFAULT '{}',
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX login_flows_expiry ON login_flows (expires_at);
    `,
  },
  {
    id: 17,
    name: 'login_captcha',
    // 2.3's captcha after a failed form login (django-simple-captcha's store and the `_LOGIN_INVALID_<ip>`
    // cache key): the pending challenges, each answered once, and the addresses that must answer one.
    sql: `
      CREATE TABLE captchas (
        key TEXT PRIMARY KEY,
        answer TEXT NOT NULL,
        image TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX captchas_expiry ON captchas (expires_at);
      CREATE TABLE captcha_ips (
        ip TEXT PRIMARY KEY,
        until INTEGER NOT NULL
      );
    `,
  },
  {
    id: 20,
    name: 'commands_short_search',
    // `input` search of one or two characters (2.3: input__icontains) through the trigram index: it indexes
    // each command line followed by two line feeds (never part of a line: control characters are stored
    // as U+FFFD), so every character and pair of characters of a line starts one of its trigrams, and a
    // two-character term is the trigrams that start with it (listed from commands_fts_terms) instead of
    // a scan of the window (1,000,000 commands: 53 ms for a 5-day window → a few ms).
    sql: `
      DROP TRIGGER commands_fts_insert;
      DROP TRIGGER commands_fts_delete;
      DROP TABLE commands_fts;
      CREATE VIEW commands_fts_text AS SELECT seq, input || char(10, 10) AS input FROM commands;
      CREATE VIRTUAL TABLE commands_fts USING fts5(input, content='commands_fts_text', content_rowid='seq', tokenize='trigram');
      CREATE VIRTUAL TABLE commands_fts_terms USING fts5vocab(commands_fts, 'row');
      CREATE TRIGGER commands_fts_insert AFTER INSERT ON commands BEGIN
        INSERT INTO commands_fts (rowid, input) VALUES (new.seq, new.input || char(10, 10));
      END;
      CREATE TRIGGER commands_fts_delete AFTER DELETE ON commands BEGIN
        INSERT INTO commands_fts (commands_fts, rowid, input) VALUES ('delete', old.seq, old.input || char(10, 10));
      END;
      INSERT INTO commands_fts (commands_fts) VALUES ('rebuild');
    `,
  },
  {
    id: 21,
    name: 'command_counts',
    // How many commands each org has per hour, kept by triggers: the commands list's total for a bare time
    // window (its default view) adds whole hours here and counts only the two partial hours at its edges on
    // the rows (1,000,000 commands, a 30-day window of 450,000: COUNT over the index 27 ms → under 2 ms).
    sql: `
      CREATE TABLE command_counts (
        org_id TEXT NOT NULL,
        hour INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (org_id, hour)
      ) WITHOUT ROWID;
      CREATE INDEX command_counts_hour ON command_counts (hour);
      INSERT INTO command_counts (org_id, hour, count)
        SELECT org_id, timestamp / 3600, COUNT(*) FROM commands GROUP BY org_id, timestamp / 3600;
      CREATE TRIGGER command_counts_insert AFTER INSERT ON commands BEGIN
        INSERT INTO command_counts (org_id, hour, count) VALUES (new.org_id, new.timestamp / 3600, 1)
          ON CONFLICT (org_id, hour) DO UPDATE SET count = count + 1;
      END;
      CREATE TRIGGER command_counts_delete AFTER DELETE ON commands BEGIN
        UPDATE command_counts SET count = count - 1 WHERE org_id = old.org_id AND hour = old.timestamp / 3600;
      END;
    `,
  },
];
