import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// Format `scrypt$<N>$<salt b64>$<hash b64>` so the cost can be raised later without breaking old rows.
// One hash is ~50 ms of a core: run on the event loop (scryptSync), fifty sign-ins at once held every other
// request for seconds. Requests hash on libuv's thread pool instead, at most one per core at a time and
// at most QUEUE_LIMIT waiting: past that a sign-in is refused as busy (429) rather than queued without end.
const COST = 16384;
const KEY_LENGTH = 32;
const SCRYPT_MEMORY = 64 * 1024 * 1024;

/**
 * Hashes at once: one per core but one, so a storm of sign-ins leaves a core to the event loop and the rest of the
 * machine (150 door sign-ins at once on 2 cores: API p50 142 -> 58 ms, p99 5.8 -> 3.8 s, connect times alike).
 * More would only wait inside the thread pool, in front of its file reads.
 */
const PARALLEL = Math.max(1, availableParallelism() - 1);
/** Sign-ins waiting for a hash before new ones are refused (~QUEUE_LIMIT × 50 ms / PARALLEL of waiting). */
export const QUEUE_LIMIT = 256;

/** Too many sign-ins are waiting for their password check: the caller answers 429 and the client retries. */
export class PasswordCheckBusy extends Error {
  constructor() {
    super('password checks are queued beyond their limit');
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) {
    if (waiting.length >= QUEUE_LIMIT) throw new PasswordCheckBusy();
    await new Promise<void>((go) => waiting.push(go));
  }
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const derive = (plain: string, salt: Buffer, length: number, cost: number) => inTurn(() => new Promise<Buffer>((resolve, reject) => {
  scrypt(plain, salt, length, { N: cost, maxmem: SCRYPT_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
}));

const format = (salt: Buffer, hash: Buffer) => `scrypt$${COST}$${salt.toString('base64')}$${hash.toString('base64')}`;

/** A new hash for a request path (off the event loop). */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await derive(plain, salt, KEY_LENGTH, COST));
}

/** The same, on the calling thread: seeds, benchmarks and command-line tools, where nothing else waits. */
export function hashPasswordNow(plain: string): string {
  const salt = randomBytes(16);
  return format(salt, scryptSync(plain, salt, KEY_LENGTH, { N: COST, maxmem: SCRYPT_MEMORY }));
}

let dummyHash: string | null = null;
const USABLE = /^scrypt\$\d+\$[^$]+\$[^$]+$/;

/**
 * Always runs one scrypt: a user without a usable hash (or no user at all: pass null) is checked
 * against a dummy hash, so "no such user" costs what "wrong password" costs and timing cannot tell
 * which usernames exist. Rejects with PasswordCheckBusy when too many checks wait.
 */
export async function verifyPassword(plain: string, stored: string | null | undefined): Promise<boolean> {
  if (typeof stored !== 'string' || !USABLE.test(stored)) {
    dummyHash ??= hashPasswordNow(randomBytes(16).toString('base64'));
    await checkHash(plain, dummyHash);
    return false;
  }
  return checkHash(plain, stored);
}

async function checkHash(plain: string, stored: string): Promise<boolean> {
  const [, cost, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(plain, Buffer.from(salt, 'base64'), expected.length, Number(cost));
  return timingSafeEqual(actual, expected);
}
