export default {
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
};
