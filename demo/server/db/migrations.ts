// Numbered, append-only migrations. Never edit a released one: add the next number.
export interface Migration { id: number; name: string; sql: string }

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
];
