export default {
  id: 50,
  name: 'confirmed_logins',
  // Whether a browser session or bearer token came from a sign-in a reviewer approved (login confirmation):
  // a user under login confirmation changes credentials only from such a login (core/auth/credential-lock.ts).
  sql: `
      ALTER TABLE sessions ADD COLUMN login_confirmed INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE bearer_tokens ADD COLUMN login_confirmed INTEGER NOT NULL DEFAULT 0;
    `,
};
