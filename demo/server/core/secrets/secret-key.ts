// The key of the sealed credentials (vault.ts), as 2.3's SECRET_KEY: `BASTION_SECRET_KEY`, else the file
// `<data dir>/secret_key`, made once (32 random bytes, mode 0600) for a database that has never been
// sealed. The database keeps the key's fingerprint (table secret_key_check, migration 23): a database
// that was sealed never starts with another key, and never gets a new key generated over its ciphertext —
// that would make every stored credential unreadable for good. The start fails with what to do instead.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { randomToken } from '../lib/ids.ts';
import type { DB } from '../db/database.ts';
import { storedKeyFingerprint } from './secret-key-store.ts';
import { Vault } from './vault.ts';

export const SECRET_KEY_ENV = 'BASTION_SECRET_KEY';
export const SECRET_KEY_FILE = 'secret_key';
/** As long as a generated key's text: shorter would be a password, not a key. */
const MIN_LENGTH = 32;

/** The start cannot go on: the message says why and what to do. */
export class SecretKeyError extends Error {}

export interface SecretKeyOptions {
  /** Folder of the key file (the data folder). */
  dir: string;
  /** The key's text when given (option or BASTION_SECRET_KEY); the file is then neither read nor made. */
  given?: string;
}

export function openVault(db: DB, opts: SecretKeyOptions): Vault {
  const expected = storedKeyFingerprint(db);
  const file = join(opts.dir, SECRET_KEY_FILE);
  let source: string;
  let master: string;
  if (opts.given) {
    if (opts.given.length < MIN_LENGTH)
      throw new SecretKeyError(`${SECRET_KEY_ENV} must be at least ${MIN_LENGTH} characters long.`);
    [source, master] = [SECRET_KEY_ENV, opts.given];
  } else if (existsSync(file)) {
    if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
    [source, master] = [file, readFileSync(file, 'utf8').trim()];
    if (master.length < MIN_LENGTH)
      throw new SecretKeyError(`The secret key file ${file} is damaged (shorter than ${MIN_LENGTH} characters).`);
  } else if (expected) {
    throw new SecretKeyError(
      `This database's credentials are encrypted, but no secret key was found: set ${SECRET_KEY_ENV} or restore ${file}. ` +
        'A new key cannot read them, so none is generated.',
    );
  } else {
    [source, master] = [file, createKeyFile(file)];
  }
  const vault = new Vault(master);
  if (expected && !sameText(expected, vault.fingerprint)) {
    throw new SecretKeyError(
      `The secret key from ${source} is not the key this database's credentials were encrypted with. ` +
        `Start with the original key (${SECRET_KEY_ENV} or ${file}); without it the stored credentials cannot be read.`,
    );
  }
  return vault;
}

/** 32 random bytes, written once: of two servers starting on one new folder, the second reads the first's key. */
function createKeyFile(file: string): string {
  const key = randomToken(32);
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
