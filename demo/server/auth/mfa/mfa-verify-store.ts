// The MFA re-check's one write (mfa-verify.ts): the caller's login row, a session or a bearer token, is marked
// verified; core/auth/mfa-verified.ts reads the mark. The table and key column come from `Login`, a closed choice
// of two (sessions.id_hash, bearer_tokens.token_hash), never from a request.
import type { DB } from '../../core/db/open.ts';
import type { Login } from '../../core/auth/mfa-verified.ts';

export function markMfaVerified(db: DB, login: Login, atMs: number): void {
  db.prepare(`UPDATE ${login.table} SET mfa_verified_at = ? WHERE ${login.column} = ?`).run(atMs, login.key);
}
