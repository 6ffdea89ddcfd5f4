export default {
  id: 40,
  name: 'portal_clients_oauth',
  // Portals on other origins (demo/server/portal/): the OAuth 2.0 clients a portal registers, and what
  // the authorization server (oidc-provider) stores: codes, access tokens, grants, interactions,
  // sessions. Every entry is kept under the SHA-256 of its id (like every login token, secrets/token-hash.ts):
  // an access token's id is the token itself.
  sql: `
      CREATE TABLE portal_clients (
        client_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        -- JSON array of absolute URLs; only those on BASTION_CORS_ORIGINS are honoured.
        redirect_uris TEXT NOT NULL DEFAULT '[]',
        comment TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL
      );

      CREATE TABLE oauth_entries (
        model TEXT NOT NULL,
        id_hash TEXT NOT NULL,
        payload TEXT NOT NULL,
        account_id TEXT,
        client_id TEXT,
        grant_id TEXT,
        uid TEXT,
        user_code TEXT,
        -- ms on the server's clock; past it the entry is gone for everyone.
        expires_at INTEGER,
        consumed_at INTEGER,
        PRIMARY KEY (model, id_hash)
      );
      CREATE INDEX oauth_entries_grant ON oauth_entries (grant_id);
      CREATE INDEX oauth_entries_account ON oauth_entries (account_id, model);
      CREATE INDEX oauth_entries_uid ON oauth_entries (uid);
      CREATE INDEX oauth_entries_expiry ON oauth_entries (expires_at);
  `,
};
