export default {
  id: 35,
  name: 'ftp_log_samples',
  sql: `
      -- The demo's seeded FTP log rows are samples (seed/audits.ts): kept only until a terminal posts a real
      -- row of that org, which removes them (audits/resources/ftp-logs.ts). Not a field of the API.
      ALTER TABLE ftp_logs ADD COLUMN is_sample INTEGER NOT NULL DEFAULT 0;
  `,
};
