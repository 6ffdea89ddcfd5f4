// The secret_key_check table (migration 23) as the start reads it: the fingerprint of the key the database's
// credentials were sealed with. Read before the migrations run, so the table may not be there yet.
import type { DB } from '../db/database.ts';

export function storedKeyFingerprint(db: DB): string | null {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'secret_key_check'").get();
  if (!table) return null;
  return (
    (db.prepare('SELECT fingerprint FROM secret_key_check WHERE id = 1').pluck().get() as string | undefined) ?? null
  );
}
