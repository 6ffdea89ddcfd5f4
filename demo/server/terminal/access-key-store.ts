// The access_keys table's writes: a service account's one key, made with it (terminal-accounts.ts). Signed
// calls read the keys in core/auth/access-key-sign.ts.
import type { DB } from '../core/db/open.ts';

/** An active key; `sealedSecret` is sealed by the caller (core/secrets/sealed-columns.ts). */
export function insertAccessKey(db: DB, keyId: string, sealedSecret: unknown, userId: string, at: string): void {
  db.prepare('INSERT INTO access_keys (id, secret, user_id, is_active, date_created) VALUES (?, ?, ?, 1, ?)').run(
    keyId,
    sealedSecret,
    userId,
    at,
  );
}
