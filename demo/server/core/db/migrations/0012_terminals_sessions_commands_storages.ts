export default {
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
};
