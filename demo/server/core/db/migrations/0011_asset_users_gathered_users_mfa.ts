export default {
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
};
