export default {
  id: 24,
  name: 'private_tokens_auth_book',
  sql: `
      -- 2.3's PrivateToken (a DRF token: 40 hex characters, one per user, for \`Authorization: Token <key>\`).
      -- Kept as its SHA-256 like every login token (secrets/token-hash.ts).
      CREATE TABLE private_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        date_created TEXT NOT NULL
      );

      -- 2.3's AuthBook: a credential for one account (username) on one asset, versioned; the highest version
      -- of an (asset, username) is the one in force (for the terminal's auth-info and the admin user's tasks).
      -- password and private_key are sealed (secrets/sealed-columns.ts).
      CREATE TABLE auth_book (
        id TEXT PRIMARY KEY,
        asset_id TEXT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        username TEXT NOT NULL,
        password TEXT NOT NULL DEFAULT '',
        private_key TEXT NOT NULL DEFAULT '',
        public_key TEXT NOT NULL DEFAULT '',
        version INTEGER NOT NULL,
        comment TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL,
        UNIQUE (asset_id, username, version)
      );

      -- The asset users gain 2.3's 'db' backend: each AuthBook version is a row <authbook id>_<asset id>,
      -- scored 400 + version so that latest=1 prefers the newest version over the admin user (200) and
      -- the system users (their priority).
      DROP VIEW asset_users;
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
        WHERE su.username_same_with_user = 1
        UNION ALL
        SELECT b.id || '_' || a.id, b.username, a.id, a.hostname, a.ip, 'db', b.version, b.date_created, b.date_updated,
          b.comment, a.org_id, '', 400 + b.version, b.password, b.private_key, b.public_key
        FROM auth_book b JOIN assets a ON a.id = b.asset_id;
    `,
};
