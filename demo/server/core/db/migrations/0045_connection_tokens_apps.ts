export default {
  id: 45,
  name: 'connection_tokens_apps',
  // Web terminal tokens for a database app (My apps → Connect): the token names the app in
  // application_id and leaves asset_id empty. One kind of target per token, never both.
  sql: `
      ALTER TABLE connection_tokens ADD COLUMN application_id TEXT NOT NULL DEFAULT '';
    `,
};
