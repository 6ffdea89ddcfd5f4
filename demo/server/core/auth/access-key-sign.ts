// `Authorization: Sign <access_key_id>:<signature>` (JumpServer's AccessKeyAuthentication), the server's
// side: which active user owns the key, and why a signature is refused. How a signature is computed and
// when its Date is fresh is shared with the terminal that signs (demo/shared/access-key-signature.ts). The
// secret is needed in clear to compute the signature, so it is stored sealed (not hashed) and opened here.
import { timingSafeEqual } from 'node:crypto';
import { freshDate, signFor } from '../../../shared/access-key-signature.ts';
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import type { MessageKey } from '../lib/messages.ts';
import { openColumns } from '../secrets/sealed-columns.ts';
import { accessKeyIsActive, accessKeyUserId, activeAccessKey } from './access-key-store.ts';
import { activeUserById, userIsActive } from './user-read-store.ts';

/** An active access key's secret (in clear) and its active user; null when either is missing or disabled. */
export function accessKeyOwner(db: DB, keyId: string): { secret: string; user: UserRow } | null {
  const row = activeAccessKey(db, keyId);
  if (!row) return null;
  const secret = openedSecret(db, row.secret);
  const user = activeUserById(db, row.user_id);
  return user ? { secret, user } : null;
}

// A terminal signs every call with its key, so opening the sealed secret (AES-GCM) per request was a tenth of the
// server's work while sessions opened in a crowd. Opened secrets are kept by their sealed text: a new or rotated
// secret is a new text, and a deleted or disabled key is refused by the query above before this is asked.
const OPENED_LIMIT = 256;
const opened = new WeakMap<DB, Map<string, string>>();

function openedSecret(db: DB, sealed: string): string {
  let cache = opened.get(db);
  if (!cache) opened.set(db, (cache = new Map()));
  let secret = cache.get(sealed);
  if (secret === undefined) {
    secret = openColumns(db, 'access_keys', { secret: sealed }).secret;
    if (cache.size >= OPENED_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(sealed, secret);
  }
  return secret;
}

/** The signer, or why the signature is refused: 2.3's AccessKeyAuthentication says which check failed. */
export type SignOutcome = { user: UserRow } | { failure: MessageKey };

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function userForSignature(
  db: DB,
  credential: string,
  dateHeader: string | undefined,
  nowMs: number,
): SignOutcome {
  const parts = credential.split(':');
  if (parts.length !== 2) return { failure: 'auth.sign_format' };
  const [keyId, signature] = parts;
  if (!UUID.test(keyId)) return { failure: 'auth.sign_key_id' };
  const ownerId = accessKeyUserId(db, keyId);
  if (ownerId === undefined) return { failure: 'auth.sign_invalid' };
  const sent = dateHeader ? Date.parse(dateHeader) : NaN;
  if (Number.isNaN(sent)) return { failure: 'auth.sign_date' };
  if (!freshDate(dateHeader, nowMs)) return { failure: 'auth.sign_expired' };
  // A disabled key signs nothing here (2.3 did not look at the key's switch): the same answer as a wrong signature.
  const owner = accessKeyOwner(db, keyId);
  if (!owner) {
    return {
      failure:
        userIsActive(db, ownerId) === false && accessKeyIsActive(db, keyId)
          ? 'auth.user_disabled'
          : 'auth.sign_invalid',
    };
  }
  const expected = Buffer.from(signFor(owner.secret, dateHeader!));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { failure: 'auth.sign_invalid' };
  return { user: owner.user };
}
