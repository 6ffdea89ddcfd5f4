export default {
  id: 14,
  name: 'session_activity',
  sql: `
      -- SECURITY_MAX_IDLE_TIME: when a browser session was last used (NULL = since created_at).
      ALTER TABLE sessions ADD COLUMN last_active_at INTEGER;
    `,
};
