// The users rows request authentication reads: the user a credential names. The core cannot import the users
// feature, whose users/user-store.ts writes the table; these are reads only.
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';

export function userById(db: DB, userId: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(userId) as UserRow | undefined;
}

export function activeUserById(db: DB, userId: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ? AND is_active = 1').get(userId) as UserRow | undefined;
}

/** Whether the user is active; undefined when there is no such user. */
export function userIsActive(db: DB, userId: string): boolean | undefined {
  const row = db.prepare('SELECT is_active FROM users WHERE id = ?').get(userId) as { is_active: number } | undefined;
  return row ? !!row.is_active : undefined;
}

/** The user a command-line tool names (private-token-cli.ts). */
export function userIdByUsername(db: DB, username: string): { id: string; is_active: number } | undefined {
  return db.prepare('SELECT id, is_active FROM users WHERE username = ?').get(username) as
    { id: string; is_active: number } | undefined;
}
