// Credentials at rest: what the server must give back in clear later (passwords and keys it logs in
// with, access-key secrets it checks signatures with, the SMTP and LDAP bind passwords) is stored
// AES-256-GCM encrypted with a key kept outside the database (secret-key.ts). A stolen database file or
// backup alone then yields no credential. Format `enc:v1:<base64url(nonce | ciphertext | tag)>`: a fresh
// random 96-bit nonce per value (GCM's own size; the same password twice never gives the same text), the
// version in the prefix so a later format can be told apart, and the prefix bound as associated data so
// a value cannot be passed off under another version. '' and NULL stay as they are: they hold no secret,
// and "no password" must stay cheap to test in SQL.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { DB } from '../db/database.ts';

const PREFIX = 'enc:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from(PREFIX);

/** Thrown when a stored value does not open: another key wrote it, or it was altered. */
export class SealedValueError extends Error {}

export class Vault {
  private readonly key: Buffer;
  /** Derived apart from the encryption key: the database keeps it to recognise the right key at start. */
  readonly fingerprint: string;

  constructor(master: string) {
    this.key = derive(master, 'bastion-console sealed values v1');
    this.fingerprint = derive(master, 'bastion-console key check v1').toString('base64url');
  }

  seal(plain: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce).setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
  }

  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) throw new SealedValueError('A stored credential is not in the encrypted format.');
    const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealedValueError('A stored credential is truncated.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, NONCE_BYTES)).setAAD(AAD);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SealedValueError("A stored credential does not open with this server's secret key.");
    }
  }
}

function derive(master: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(master, 'utf8'), Buffer.alloc(0), info, 32));
}

// One vault per open database: every module reaches it through the connection it already holds, and two
// apps in one process (tests) each keep their own key.
const vaults = new WeakMap<DB, Vault>();

/** Gives the connection its vault, and SQL its `unsealed(x)` (searching a sealed column a caller may read). */
export function attachVault(db: DB, vault: Vault): void {
  vaults.set(db, vault);
  db.function('unsealed', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? unseal(db, value) : value,
  );
}

export function vaultOf(db: DB): Vault {
  const vault = vaults.get(db);
  if (!vault) throw new Error('The database was opened without its secret key (db/open.ts attaches it).');
  return vault;
}

/** The stored form of a secret; '' and null/undefined are kept as they are. */
export function seal<T extends string | null | undefined>(db: DB, plain: T): T | string {
  return plain ? vaultOf(db).seal(plain) : plain;
}

/** The secret a stored value holds; '' and null/undefined are kept as they are. */
export function unseal<T extends string | null | undefined>(db: DB, stored: T): T | string {
  return stored ? vaultOf(db).open(stored) : stored;
}
