// `Authorization: Sign <access_key_id>:<signature>` (JumpServer's AccessKeyAuthentication):
// signature = base64(md5 hex text of "<secret>\n<Date header>"), Date at most 15 minutes old. The
// secret is needed in clear to compute the signature, so it is stored sealed (not hashed) and opened here.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { openColumns } from '../secrets/sealed-columns.ts';

const MAX_AGE_MS = 15 * 60 * 1000;

export function signFor(secret: string, date: string): string {
  const hex = createHash('md5').update(`${secret}\n${date}`).digest('hex');
  return Buffer.from(hex).toString('base64');
}

export function userForSignature(db: DB, credential: string, dateHeader: string | undefined, nowMs: number): UserRow | null {
  const [keyId, signature] = credential.split(':', 2);
  if (!keyId || !signature || !dateHeader) return null;
  const sent = Date.parse(dateHeader);
  if (Number.isNaN(sent) || Math.abs(nowMs - sent) > MAX_AGE_MS) return null;
  const row = db.prepare('SELECT secret, user_id FROM access_keys WHERE id = ? AND is_active = 1').get(keyId) as
    { secret: string; user_id: string } | undefined;
  if (!row) return null;
  const key = openColumns(db, 'access_keys', row);
  const expected = Buffer.from(signFor(key.secret, dateHeader));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const user = db.prepare('SELECT * FROM users WHERE id = ? AND is_active = 1').get(key.user_id) as UserRow | undefined;
  return user ?? null;
}
