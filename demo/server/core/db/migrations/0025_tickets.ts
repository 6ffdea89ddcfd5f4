export default {
  id: 25,
  name: 'tickets',
  sql: `
      -- Tickets (§2.8): one table for every type. 2.3 keeps a request's wishes in a JSON \`meta\`; here they are
      -- columns (ips and confirmed_assets as JSON lists, actions as the permission bitmask), so the lists
      -- filter and the approval reads them without parsing. \`org_id\` is the org the request is for
      -- ('' = DEFAULT); tickets are read across orgs (2.3's unscoped manager), limited by who the caller is.
      CREATE TABLE tickets (
        id TEXT PRIMARY KEY,
        user TEXT REFERENCES users(id) ON DELETE SET NULL,
        user_display TEXT NOT NULL DEFAULT '',
        title TEXT NOT NULL,
        body TEXT NOT NULL DEFAULT '',
        assignee TEXT REFERENCES users(id) ON DELETE SET NULL,
        assignee_display TEXT NOT NULL DEFAULT '',
        assignees_display TEXT NOT NULL DEFAULT '',
        type TEXT NOT NULL DEFAULT 'general',
        status TEXT NOT NULL DEFAULT 'open',
        action TEXT NOT NULL DEFAULT '',
        comment TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT '',
        ips TEXT NOT NULL DEFAULT '[]',
        hostname TEXT NOT NULL DEFAULT '',
        system_user TEXT NOT NULL DEFAULT '',
        date_start TEXT,
        date_expired TEXT,
        actions INTEGER NOT NULL DEFAULT 1,
        confirmed_assets TEXT NOT NULL DEFAULT '[]',
        confirmed_system_user TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL
      );
      CREATE INDEX tickets_user ON tickets (user, date_created);
      CREATE INDEX tickets_order ON tickets (date_created);
      CREATE TABLE ticket_assignees (
        ticket_id TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (ticket_id, user_id)
      );
      CREATE INDEX ticket_assignees_user ON ticket_assignees (user_id, ticket_id);
      CREATE TABLE ticket_comments (
        id TEXT PRIMARY KEY,
        ticket_id TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
        user TEXT REFERENCES users(id) ON DELETE SET NULL,
        user_display TEXT NOT NULL DEFAULT '',
        body TEXT NOT NULL,
        date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL
      );
      CREATE INDEX ticket_comments_ticket ON ticket_comments (ticket_id, date_created);

      -- Login confirmation (§2.2): the reviewers of a user's sign-ins (2.3's LoginConfirmSetting).
      CREATE TABLE login_confirm_settings (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        is_active INTEGER NOT NULL DEFAULT 1,
        date_created TEXT NOT NULL,
        date_updated TEXT NOT NULL
      );
      CREATE TABLE login_confirm_reviewers (
        setting_id TEXT NOT NULL REFERENCES login_confirm_settings(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (setting_id, user_id)
      );
    `,
};
