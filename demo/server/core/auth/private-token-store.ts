// The private_tokens table, written only here: one token per user, kept under its hash (private-token.ts).
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';

/** Whether the user had a token to delete. */
export function deletePrivateTokens(db: DB, userId: string): boolean {
  return db.prepare('DELETE FROM private_tokens WHERE user_id = ?').run(userId).changes > 0;
}

export function insertPrivateToken(db: DB, tokenHash: string, userId: string, dateCreated: string): void {
  db.prepare('INSERT INTO private_tokens (token_hash, user_id, date_created) VALUES (?, ?, ?)').run(
    tokenHash,
    userId,
    dateCreated,
  );
}

/** The active user a token (by its hash) belongs to. */
export function privateTokenUser(db: DB, tokenHash: string): UserRow | undefined {
  return db
    .prepare(
      'SELECT u.* FROM private_tokens p JOIN users u ON u.id = p.user_id WHERE p.token_hash = ? AND u.is_active = 1',
    )
    .get(tokenHash) as UserRow | undefined;
}
