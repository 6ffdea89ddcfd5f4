// The access_keys table as request authentication reads it (access-key-sign.ts): a key's sealed secret and owner.
// Keys are written by the features that mint them (a user's keys through the engine, a terminal's account).
import type { DB } from '../db/open.ts';

/** An active key's sealed secret and its user's id. */
export function activeAccessKey(db: DB, keyId: string): { secret: string; user_id: string } | undefined {
  return db.prepare('SELECT secret, user_id FROM access_keys WHERE id = ? AND is_active = 1').get(keyId) as
    { secret: string; user_id: string } | undefined;
}

/** The owner of a key, active or not (to say why a signature is refused). */
export function accessKeyUserId(db: DB, keyId: string): string | undefined {
  const row = db.prepare('SELECT user_id FROM access_keys WHERE id = ?').get(keyId) as { user_id: string } | undefined;
  return row?.user_id;
}

export function accessKeyIsActive(db: DB, keyId: string): boolean {
  return !!db.prepare('SELECT 1 FROM access_keys WHERE id = ? AND is_active = 1').get(keyId);
}
