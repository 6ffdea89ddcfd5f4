import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// Format `scrypt$<N>$<salt b64>$<hash b64>` so the cost can be raised later without breaking old rows.
const COST = 16384;
const KEY_LENGTH = 32;

export function hashPassword(plain: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(plain, salt, KEY_LENGTH, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

let dummyHash: string | null = null;

/**
 * Always runs one scrypt: a user without a usable hash (or no user at all: pass null) is checked
 * against a dummy hash, so "no such user" costs what "wrong password" costs and timing cannot tell
 * which usernames exist.
 */
export function verifyPassword(plain: string, stored: string | null | undefined): boolean {
  const usable = typeof stored === 'string' && /^scrypt\$\d+\$[^$]+\$[^$]+$/.test(stored);
  if (!usable) {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64'));
    checkHash(plain, dummyHash);
    return false;
  }
  return checkHash(plain, stored);
}

function checkHash(plain: string, stored: string): boolean {
  const [, cost, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(plain, Buffer.from(salt, 'base64'), expected.length, { N: Number(cost) });
  return timingSafeEqual(actual, expected);
}
