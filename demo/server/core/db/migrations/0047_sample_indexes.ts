export default {
  id: 47,
  name: 'sample_indexes',
  // The demo's samples are removed by the first real row of their kind (terminal/resources/terminal-sessions.ts,
  // audits/resources/ftp-logs.ts, ops/command-executions.ts), and that delete runs at every session a terminal
  // opens and every FTP log row it posts. Without these it read the org's whole table each time; with
  // them it finds the (few, then no) samples at once.
  sql: `
      CREATE INDEX terminal_sessions_samples ON terminal_sessions (org_id) WHERE is_sample = 1;
      CREATE INDEX ftp_logs_samples ON ftp_logs (org_id) WHERE is_sample = 1;
      CREATE INDEX command_executions_samples ON command_executions (is_sample) WHERE is_sample = 1;
  `,
};
