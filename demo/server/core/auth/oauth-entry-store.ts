// The oauth_entries table, written only here: what the portal's authorization server (oidc-provider, through
// portal/oauth-store.ts) issues, one row per entry under the SHA-256 of its id, so reading the database hands
// out no token. The core reads it to authenticate a portal token (portal-tokens.ts) and revokes a user's
// entries when their logins end; the portal revokes a client's when it is removed.
import type { DB } from '../db/open.ts';

export interface EntryRow {
  payload: string;
  expires_at: number | null;
  consumed_at: number | null;
}

/** What an entry is found by besides its id: the interaction's uid or a device flow's user code. */
export type EntryKey = 'id_hash' | 'uid' | 'user_code';

export function upsertEntry(
  db: DB,
  entry: {
    model: string;
    idHash: string;
    payload: string;
    accountId: string | null;
    clientId: string | null;
    grantId: string | null;
    uid: string | null;
    userCode: string | null;
    expiresAt: number | null;
  },
): void {
  db.prepare(
    `INSERT INTO oauth_entries (model, id_hash, payload, account_id, client_id, grant_id, uid, user_code, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (model, id_hash) DO UPDATE SET payload = excluded.payload, account_id = excluded.account_id,
      client_id = excluded.client_id, grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code,
      expires_at = excluded.expires_at`,
  ).run(
    entry.model,
    entry.idHash,
    entry.payload,
    entry.accountId,
    entry.clientId,
    entry.grantId,
    entry.uid,
    entry.userCode,
    entry.expiresAt,
  );
}

export function readEntry(db: DB, model: string, key: EntryKey, value: string): EntryRow | undefined {
  return db
    .prepare(`SELECT payload, expires_at, consumed_at FROM oauth_entries WHERE model = ? AND ${key} = ?`)
    .get(model, value) as EntryRow | undefined;
}

export function consumeEntry(db: DB, model: string, idHash: string, atMs: number): void {
  db.prepare('UPDATE oauth_entries SET consumed_at = ? WHERE model = ? AND id_hash = ?').run(atMs, model, idHash);
}

export function destroyEntry(db: DB, model: string, idHash: string): void {
  db.prepare('DELETE FROM oauth_entries WHERE model = ? AND id_hash = ?').run(model, idHash);
}

export function revokeGrant(db: DB, grantId: string): void {
  db.prepare('DELETE FROM oauth_entries WHERE grant_id = ?').run(grantId);
}

/** Entries past their expiry are of no use to anyone: dropped now and then (each new token). */
export function dropExpiredEntries(db: DB, nowMs: number): void {
  db.prepare('DELETE FROM oauth_entries WHERE expires_at IS NOT NULL AND expires_at <= ?').run(nowMs);
}

/** A live access token's entry (by the hash of the token) of a portal still registered (portal-tokens.ts). */
export function liveAccessTokenEntry(
  db: DB,
  idHash: string,
  nowMs: number,
): { account_id: string; client_id: string; expires_at: number } | undefined {
  return db
    .prepare(
      `SELECT e.account_id, e.client_id, e.expires_at FROM oauth_entries e JOIN portal_clients c ON c.client_id = e.client_id
    WHERE e.model = 'AccessToken' AND e.id_hash = ? AND e.expires_at > ?`,
    )
    .get(idHash, nowMs) as { account_id: string; client_id: string; expires_at: number } | undefined;
}

/** Every portal token and grant of the user stops working at once. */
export function revokeUserEntries(db: DB, userId: string): void {
  db.prepare('DELETE FROM oauth_entries WHERE account_id = ?').run(userId);
}

/** Everything issued to a removed client stops working at once. */
export function revokeClientEntries(db: DB, clientId: string): void {
  db.prepare('DELETE FROM oauth_entries WHERE client_id = ?').run(clientId);
}
