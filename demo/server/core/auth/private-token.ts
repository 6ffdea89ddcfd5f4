// `Authorization: Token <key>`: 2.3's PrivateToken (DRF's TokenAuthentication), the long-lived API
// credential its example scripts use (utils/example_api.py). 2.3 has no endpoint that issues one (an
// operator runs `user.create_private_token()` in the Django shell); here private-token-cli.ts does.
// The key is DRF's shape, 40 hex characters; the table keeps only its hash, so the key is shown once.
// Unlike bearer tokens it does not expire and survives a new password, like an access key.
import { randomBytes } from 'node:crypto';
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { tokenHash } from '../secrets/token-hash.ts';
import { deletePrivateTokens, insertPrivateToken, privateTokenUser } from './private-token-store.ts';

/** A new private token for the user, replacing any previous one (2.3's refresh_private_token). */
export function issuePrivateToken(db: DB, userId: string, nowMs: number): string {
  const key = randomBytes(20).toString('hex');
  db.transaction(() => {
    deletePrivateTokens(db, userId);
    insertPrivateToken(db, tokenHash(key), userId, new Date(nowMs).toISOString());
  })();
  return key;
}

export function revokePrivateToken(db: DB, userId: string): boolean {
  return deletePrivateTokens(db, userId);
}

/** The active user a private token belongs to (DRF refuses an inactive user), or null. */
export function userForPrivateToken(db: DB, key: string): UserRow | null {
  if (!key || key.length > 200) return null;
  return privateTokenUser(db, tokenHash(key)) ?? null;
}
