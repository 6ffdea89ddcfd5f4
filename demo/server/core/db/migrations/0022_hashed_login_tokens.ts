import { createHash } from 'node:crypto';
import type { DB } from '../database.ts';

// The hash of secrets/token-hash.ts as it was when this migration was written (kept here so a later
// change there cannot change what this migration did).
const sha256 = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');

const TOKEN_COLUMNS: [table: string, column: string][] = [
  ['sessions', 'id_hash'],
  ['bearer_tokens', 'token_hash'],
  ['connection_tokens', 'token_hash'],
  ['login_flows', 'id_hash'],
];

export default {
  id: 22,
  name: 'hashed_login_tokens',
  // Session ids, bearer tokens, web-terminal connection tokens and sign-in flow ids are kept as their
  // SHA-256 (secrets/token-hash.ts): the columns are renamed to say so, and the rows stored before are
  // hashed in place, so whoever was signed in stays signed in.
  sql: `
      ALTER TABLE sessions RENAME COLUMN id TO id_hash;
      ALTER TABLE bearer_tokens RENAME COLUMN token TO token_hash;
      ALTER TABLE connection_tokens RENAME COLUMN token TO token_hash;
      ALTER TABLE login_flows RENAME COLUMN id TO id_hash;
    `,
  run: (db: DB): void => {
    for (const [table, column] of TOKEN_COLUMNS) {
      const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`);
      for (const token of db.prepare(`SELECT ${column} FROM ${table}`).pluck().all() as string[])
        update.run(sha256(token), token);
    }
  },
};
