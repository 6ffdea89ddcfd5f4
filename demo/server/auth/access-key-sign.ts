// `Authorization: Sign <access_key_id>:<signature>` (JumpServer's AccessKeyAuthentication):
// signature = base64(md5 hex text of "<secret>\n<Date header>"), Date at most 15 minutes old. The
// secret is needed in clear to compute the signature, so it is stored sealed (not hashed) and opened here.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { openColumns } from '../secrets/sealed-columns.ts';

/** How far a signed request's Date may be from the server's clock (2.3's Sign scheme: 15 minutes). */
export const MAX_DATE_SKEW_MS = 15 * 60 * 1000;

export function signFor(secret: string, date: string): string {
  const hex = createHash('md5').update(`${secret}\n${date}`).digest('hex');
  return Buffer.from(hex).toString('base64');
}

/** Whether an HTTP Date header is present, parses, and is within MAX_DATE_SKEW_MS of now. */
export function freshDate(dateHeader: string | undefined, nowMs: number): boolean {
  if (!dateHeader) return false;
  const sent = Date.parse(dateHeader);
  return !Number.isNaN(sent) && Math.abs(nowMs - sent) <= MAX_DATE_SKEW_MS;
}

/** An active access key's secret (in clear) and its active user; null when either is missing or disabled. */
export function accessKeyOwner(db: DB, keyId: string): { secret: string; user: UserRow } | null {
  const row = db.prepare('SELECT secret, user_id FROM access_keys WHERE id = ? AND is_active = 1').get(keyId) as
    { secret: string; user_id: string } | undefined;
  if (!row) return null;
  const key = openColumns(db, 'access_keys', row);
  const user = db.prepare('SELECT * FROM users WHERE id = ? AND is_active = 1').get(key.user_id) as UserRow | undefined;
  return user ? { secret: key.secret, user } : null;
}

export function userForSignature(db: DB, credential: string, dateHeader: string | undefined, nowMs: number): UserRow | null {
  const [keyId, signature] = credential.split(':', 2);
  if (!keyId || !signature || !dateHeader || !freshDate(dateHeader, nowMs)) return null;
  const owner = accessKeyOwner(db, keyId);
  if (!owner) return null;
  const expected = Buffer.from(signFor(owner.secret, dateHeader));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return owner.user;
}
