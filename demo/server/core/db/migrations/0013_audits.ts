export default {
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
};
