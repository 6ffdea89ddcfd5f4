// Where the authorization server (oidc-provider) keeps what it issues: one SQLite table for every model
// (codes, access tokens, grants, interactions, sessions), each entry under the SHA-256 of its id, so
// reading the database hands out no token (the table's statements: core/auth/oauth-entry-store.ts, since the
// core authenticates portal tokens from it). Clients are not stored here: they are the registered portal
// clients (clients.ts), read through the same adapter interface.
//
// Expiry is on the server's clock (app.bastion.now): the API checks a token's expiry in the same
// terms as every other login, and a test's clock moves it.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../core/db/open.ts';
import type { Clock } from '../core/lib/time.ts';
import { tokenHash } from '../core/secrets/token-hash.ts';
import { clientMetadata } from './clients.ts';
import {
  consumeEntry,
  destroyEntry,
  readEntry,
  revokeGrant,
  upsertEntry,
  type EntryKey,
} from '../core/auth/oauth-entry-store.ts';

export function oauthAdapter(db: DB, now: Clock, origins: () => readonly string[]) {
  return class SqliteAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      upsertEntry(db, {
        model: this.model,
        idHash: tokenHash(id),
        payload: JSON.stringify(payload),
        accountId: payload.accountId ?? null,
        clientId: payload.clientId ?? null,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? now() + expiresIn * 1000 : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return clientMetadata(db, id, origins()) ?? undefined;
      return this.read('id_hash', tokenHash(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.read('uid', uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.read('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      consumeEntry(db, this.model, tokenHash(id), now());
    }

    async destroy(id: string): Promise<void> {
      destroyEntry(db, this.model, tokenHash(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      revokeGrant(db, grantId);
    }

    private read(key: EntryKey, value: string): AdapterPayload | undefined {
      const row = readEntry(db, this.model, key, value);
      if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
    }
  };
}
