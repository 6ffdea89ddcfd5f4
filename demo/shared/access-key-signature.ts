// The `Sign` scheme of JumpServer's AccessKeyAuthentication, as both processes compute it: the terminal
// signs every API call with its service account's access key (demo/terminal/delivery/api.ts), the server checks
// the signature and who owns the key (demo/server/core/auth/access-key-sign.ts).
// `Authorization: Sign <access_key_id>:<signature>`, signature = base64(md5 hex text of
// "<secret>\n<Date header>"), Date at most 15 minutes old.
import { createHash } from 'node:crypto';

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
