export default {
  id: 48,
  name: 'door_sign_ins',
  // What a terminal's door authenticated (terminal/door-sign-ins.ts): a user it signed in (`login`,
  // through authentication/tokens/), a connection token it redeemed (`token`: that asset or database app
  // and system user, one session), or a user the server's own file-manager proxy vouched for (`proxy`: no
  // terminal, the proxy's key is shared by every terminal). A session is created, and an FTP row written,
  // only for a user such a row names. `remote_addr` is the address the door saw the user at; a redeemed
  // token takes it from connection_tokens.remote_addr, which the socket proxy sets when it vouches for the
  // browser (the address the token was issued to until then).
  sql: `
      CREATE TABLE door_sign_ins (
        id INTEGER PRIMARY KEY,
        terminal_id TEXT REFERENCES terminals(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('login', 'token', 'proxy')),
        asset_id TEXT NOT NULL DEFAULT '', application_id TEXT NOT NULL DEFAULT '', system_user_id TEXT NOT NULL DEFAULT '',
        remote_addr TEXT NOT NULL DEFAULT '',
        signed_in_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
        session_id TEXT
      );
      CREATE INDEX door_sign_ins_user ON door_sign_ins (user_id, terminal_id, expires_at);
      CREATE INDEX door_sign_ins_expiry ON door_sign_ins (expires_at);
      ALTER TABLE connection_tokens ADD COLUMN remote_addr TEXT NOT NULL DEFAULT '';
    `,
};
