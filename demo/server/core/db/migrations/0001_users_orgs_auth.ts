export default {
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
};
