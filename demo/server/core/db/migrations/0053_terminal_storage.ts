export default {
  id: 53,
  name: 'terminal_storage',
  // What each terminal's heartbeat reports of its data folder (an extension a 2.3 server ignores): free and
  // total bytes, the storage fault in force ('' none: full, read_only or io) and the last one it met (JSON
  // {kind, code, message, at}, or NULL). The Terminals page and the dashboard show a terminal whose disk is full.
  sql: `
      ALTER TABLE terminals ADD COLUMN storage_free_bytes INTEGER;
      ALTER TABLE terminals ADD COLUMN storage_total_bytes INTEGER;
      ALTER TABLE terminals ADD COLUMN storage_fault TEXT NOT NULL DEFAULT '';
      ALTER TABLE terminals ADD COLUMN storage_last_fault TEXT;
    `,
};
