// The connection_tokens table (web terminal tickets, connection-token.ts): a token is kept only as its hash
// (core/secrets/token-hash.ts, applied by the caller), spent by its first redemption.
import type { DB } from '../core/db/open.ts';

export interface ConnectionTokenRow {
  user_id: string;
  asset_id: string;
  application_id: string;
  system_user_id: string;
  expires_at: number;
  remote_addr: string;
}

/** A new ticket, the expired ones cleared first. */
export function insertConnectionToken(db: DB, token: ConnectionTokenRow & { token_hash: string }, nowMs: number): void {
  db.prepare('DELETE FROM connection_tokens WHERE expires_at <= ?').run(nowMs);
  db.prepare(
    'INSERT INTO connection_tokens (token_hash, user_id, asset_id, application_id, system_user_id, expires_at, remote_addr) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    token.token_hash,
    token.user_id,
    token.asset_id,
    token.application_id,
    token.system_user_id,
    token.expires_at,
    token.remote_addr,
  );
}

/**
 * The ticket issued to `userId` under this hash, deleted as it is read (single use), in one transaction;
 * someone else's ticket is left as it was.
 */
export function takeConnectionToken(db: DB, hash: string, userId: string): ConnectionTokenRow | undefined {
  return db.transaction(() => {
    // Someone else's token is left as it was: whoever presented it does not get to spend it, and its
    // owner can still open their session. The answer is the unknown token's, so a wrong guess of the
    // user teaches nothing about the token.
    const found = db
      .prepare('SELECT * FROM connection_tokens WHERE token_hash = ? AND user_id = ?')
      .get(hash, userId) as ConnectionTokenRow | undefined;
    // Single use: gone once read, whatever comes next.
    if (found) db.prepare('DELETE FROM connection_tokens WHERE token_hash = ?').run(hash);
    return found;
  })();
}

export function setConnectionTokenAddress(db: DB, hash: string, remoteAddr: string): void {
  db.prepare('UPDATE connection_tokens SET remote_addr = ? WHERE token_hash = ?').run(remoteAddr, hash);
}

/** The user a ticket was issued to (used, expired or not). */
export function connectionTokenUser(db: DB, hash: string): string | undefined {
  return db.prepare('SELECT user_id FROM connection_tokens WHERE token_hash = ?').pluck().get(hash) as
    string | undefined;
}
