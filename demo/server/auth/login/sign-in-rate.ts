// How many passwords one address may have checked: a bucket of SIGN_IN_BURST checks that refills at
// SIGN_IN_PER_SECOND. Every check costs a scrypt (lib/passwords.ts), so one client sending sign-ins as
// fast as it can would otherwise fill the hashing queue for everybody. A burst as large as a door full of
// users arriving at once from one gateway passes; a steady stream from one address is held to the rate.
// The lockout (lockout.ts) is the other half: it counts a username's failures, whatever the address.

export const SIGN_IN_BURST = 200;
export const SIGN_IN_PER_SECOND = 10;

interface Bucket {
  tokens: number;
  at: number;
}
/** Each server (its app context) its own buckets: a test builds many servers in one process. */
const byServer = new WeakMap<object, Map<string, Bucket>>();
const KEEP_MS = (SIGN_IN_BURST / SIGN_IN_PER_SECOND) * 1000;

/** Takes one check for `address` at `nowMs` on `server` (app.bastion); false when its bucket is empty. */
export function takeSignIn(server: object, address: string, nowMs: number): boolean {
  let buckets = byServer.get(server);
  if (!buckets) byServer.set(server, (buckets = new Map()));
  const bucket = buckets.get(address) ?? { tokens: SIGN_IN_BURST, at: nowMs };
  bucket.tokens = Math.min(SIGN_IN_BURST, bucket.tokens + ((nowMs - bucket.at) / 1000) * SIGN_IN_PER_SECOND);
  bucket.at = nowMs;
  if (bucket.tokens < 1) {
    buckets.set(address, bucket);
    return false;
  }
  bucket.tokens -= 1;
  buckets.set(address, bucket);
  if (buckets.size > 10_000) forgetFull(buckets, nowMs);
  return true;
}

/** Buckets that have refilled are the same as none: dropped, so the map stays small. */
function forgetFull(buckets: Map<string, Bucket>, nowMs: number): void {
  for (const [address, bucket] of buckets) if (nowMs - bucket.at >= KEEP_MS) buckets.delete(address);
}
