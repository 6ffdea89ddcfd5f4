export default {
  id: 16,
  name: 'login_flows',
  // The anonymous half of sign-in (2.3 keeps it in the Django session before login): the form's RSA key
  // pair, the user who passed the password and still owes an MFA code, the forced-MFA binding. One row
  // per browser (cookie jms_login_flow) or API client, JSON data, short-lived.
  sql: `
      CREATE TABLE login_flows (
        id TEXT PRIMARY KEY,
        data TEXT NOT NULL DEFAULT '{}',
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX login_flows_expiry ON login_flows (expires_at);
    `,
};
