// Where the authorization server (oidc-provider) keeps what it issues: one SQLite table for every model
// (codes, access tokens, grants, interactions, sessions), each entry under the SHA-256 of its id, so
// reading the database hands out no token. Clients are not stored here: they are the registered
// portal clients (clients.ts), read through the same adapter interface.
//
// Expiry is on the server's clock (app.bastion.now): the API checks a token's expiry in the same
// terms as every other login, and a test's clock moves it.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../core/db/open.ts';
import type { Clock } from '../core/lib/time.ts';
import { tokenHash } from '../core/secrets/token-hash.ts';
import { clientMetadata } from './clients.ts';

interface Row {
  payload: string;
  expires_at: number | null;
  consumed_at: number | null;
}

export function oauthAdapter(db: DB, now: Clock, origins: () => readonly string[]) {
  return class SqliteAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      db.prepare(
        `INSERT INTO oauth_entries (model, id_hash, payload, account_id, client_id, grant_id, uid, user_code, expires_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (model, id_hash) DO UPDATE SET payload = excluded.payload, account_id = excluded.account_id,
          client_id = excluded.client_id, grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code,
          expires_at = excluded.expires_at`,
      ).run(
        this.model,
        tokenHash(id),
        JSON.stringify(payload),
        payload.accountId ?? null,
        payload.clientId ?? null,
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expiresIn ? now() + expiresIn * 1000 : null,
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return clientMetadata(db, id, origins()) ?? undefined;
      return this.read('id_hash = ?', tokenHash(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.read('uid = ?', uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.read('user_code = ?', userCode);
    }

    async consume(id: string): Promise<void> {
      db.prepare('UPDATE oauth_entries SET consumed_at = ? WHERE model = ? AND id_hash = ?').run(
        now(),
        this.model,
        tokenHash(id),
      );
    }

    async destroy(id: string): Promise<void> {
      db.prepare('DELETE FROM oauth_entries WHERE model = ? AND id_hash = ?').run(this.model, tokenHash(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      db.prepare('DELETE FROM oauth_entries WHERE grant_id = ?').run(grantId);
    }

    private read(where: string, value: string): AdapterPayload | undefined {
      const row = db
        .prepare(`SELECT payload, expires_at, consumed_at FROM oauth_entries WHERE model = ? AND ${where}`)
        .get(this.model, value) as Row | undefined;
      if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
    }
  };
}

/** Entries past their expiry are of no use to anyone: dropped now and then (each new token). */
export function dropExpiredEntries(db: DB, nowMs: number): void {
  db.prepare('DELETE FROM oauth_entries WHERE expires_at IS NOT NULL AND expires_at <= ?').run(nowMs);
}
