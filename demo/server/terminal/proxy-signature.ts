// The server's word to the terminal's web port. The browser's socket ends at the server (web/terminal-
// socket-proxy.ts), which alone knows who is signed in and from which address; the terminal believes
// an upgrade's X-Forwarded-For and vouched user only when they come with an HMAC-SHA256 made with the
// secret both share (proxy-secret.ts; terminals read it from terminals/config/). Anyone else who can
// reach the port — a local account, a page of another origin, a terminal port published by mistake —
// cannot name a user or an address, and is refused before any token is read.
// Shared by the server (signs) and demo/terminal (verifies), so both build the same string.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const UPGRADE_HEADERS = {
  user: 'x-bastion-user',
  timestamp: 'x-bastion-timestamp',
  signature: 'x-bastion-signature',
  forwardedFor: 'x-forwarded-for',
} as const;

/**
 * How far the two clocks may disagree. A signed upgrade is used at once (the server opens the upstream
 * socket the moment it signs), and the path it covers holds a single-use token, so a replay is worth
 * nothing; the bound only has to tolerate two hosts whose clocks drift a little.
 */
export const MAX_SKEW_SECONDS = 60;

/** What the server vouches for: the signed-in user's id and the browser's address. */
export interface Vouched { user: string; forwardedFor: string }

// A purpose label first, so a MAC of this key can never be mistaken for one made for something else;
// newlines cannot occur inside the fields (header values and request targets have none).
const mac = (secret: string, timestamp: string, vouched: Vouched, path: string) =>
  createHmac('sha256', secret).update(['bastion-koko-upgrade-v1', timestamp, vouched.user, vouched.forwardedFor, path].join('\n')).digest('hex');

/** Headers for an upgrade of `path` (path and query exactly as sent), signed at `nowMs`. */
export function signUpgrade(secret: string, vouched: Vouched, path: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [UPGRADE_HEADERS.forwardedFor]: vouched.forwardedFor,
    [UPGRADE_HEADERS.user]: vouched.user,
    [UPGRADE_HEADERS.timestamp]: timestamp,
    [UPGRADE_HEADERS.signature]: mac(secret, timestamp, vouched, path),
  };
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The vouched user and address of a correctly signed, fresh upgrade of `path`; null otherwise (without a secret, always). */
export function verifyUpgrade(secret: string | undefined, headers: IncomingHttpHeaders, path: string, nowMs: number): Vouched | null {
  if (!secret) return null;
  const user = single(headers[UPGRADE_HEADERS.user]);
  const forwardedFor = single(headers[UPGRADE_HEADERS.forwardedFor]);
  const timestamp = single(headers[UPGRADE_HEADERS.timestamp]);
  const signature = single(headers[UPGRADE_HEADERS.signature]);
  if (!user || !forwardedFor || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return null;
  const expected = Buffer.from(mac(secret, timestamp, { user, forwardedFor }, path), 'hex');
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return null;
  return { user, forwardedFor };
}
