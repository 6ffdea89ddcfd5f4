export default {
  id: 46,
  name: 'session_samples',
  sql: `
      -- The demo's seeded sessions are samples (seed/session-samples.ts), with their commands: kept only until a
      -- terminal opens a real session in that org, which removes them (terminal/resources/terminal-sessions.ts). Their
      -- replays are made from their commands when asked (terminal/sample-replay.ts). Not a field of the API.
      ALTER TABLE terminal_sessions ADD COLUMN is_sample INTEGER NOT NULL DEFAULT 0;
  `,
};
