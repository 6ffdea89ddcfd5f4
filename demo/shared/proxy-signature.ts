// The server's word to the terminal's web port. The browser's socket ends at the server (demo/server/web/
// terminal-socket-proxy.ts), which alone knows who is signed in and from which address; the terminal
// believes an upgrade's X-Forwarded-For and vouched user only when they come with an HMAC-SHA256 made with
// the secret both share (demo/server/terminal/proxy-secret.ts; terminals read it from terminals/config/).
// Anyone else who can reach the port — a local account, a page of another origin, a terminal port
// published by mistake — cannot name a user or an address, and is refused before any token is read.
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
export interface Vouched {
  user: string;
  forwardedFor: string;
}

// A purpose label first, so a MAC of this key can never be mistaken for one made for something else;
// newlines cannot occur inside the fields (header values and request targets have none).
const mac = (secret: string, timestamp: string, vouched: Vouched, path: string) =>
  createHmac('sha256', secret)
    .update(['bastion-koko-upgrade-v1', timestamp, vouched.user, vouched.forwardedFor, path].join('\n'))
    .digest('hex');

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
export function verifyUpgrade(
  secret: string | undefined,
  headers: IncomingHttpHeaders,
  path: string,
  nowMs: number,
): Vouched | null {
  if (!secret) return null;
  const user = single(headers[UPGRADE_HEADERS.user]);
  const forwardedFor = single(headers[UPGRADE_HEADERS.forwardedFor]);
  const timestamp = single(headers[UPGRADE_HEADERS.timestamp]);
  const signature = single(headers[UPGRADE_HEADERS.signature]);
  if (
    !user ||
    !forwardedFor ||
    !timestamp ||
    !signature ||
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[0-9a-f]{64}$/.test(signature)
  )
    return null;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return null;
  const expected = Buffer.from(mac(secret, timestamp, { user, forwardedFor }, path), 'hex');
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return null;
  return { user, forwardedFor };
}

// The web file manager's requests (demo/server/web/file-manager-proxy.ts → demo/terminal/files/
// web-files.ts) are plain HTTP, not upgrades, and some change files: the method is signed too, under a
// label of its own, so a signed GET can never pass for a DELETE, nor an upgrade's signature for a file
// request. The user's username and display name (for the FTP log) travel signed beside the id,
// URI-encoded.
export const FILE_HEADERS = { username: 'x-bastion-username', name: 'x-bastion-name' } as const;

/** A file request's vouched user: id, username and display name, and the browser's address. */
export interface VouchedFiles extends Vouched {
  username: string;
  name: string;
}

const requestMac = (secret: string, timestamp: string, vouched: VouchedFiles, method: string, path: string) =>
  createHmac('sha256', secret)
    .update(
      [
        'bastion-koko-files-v1',
        timestamp,
        vouched.user,
        encodeURIComponent(vouched.username),
        encodeURIComponent(vouched.name),
        vouched.forwardedFor,
        method.toUpperCase(),
        path,
      ].join('\n'),
    )
    .digest('hex');

/** Headers for a file request `method path` (path and query exactly as sent), signed at `nowMs`. */
export function signRequest(
  secret: string,
  vouched: VouchedFiles,
  method: string,
  path: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [UPGRADE_HEADERS.forwardedFor]: vouched.forwardedFor,
    [UPGRADE_HEADERS.user]: vouched.user,
    [FILE_HEADERS.username]: encodeURIComponent(vouched.username),
    [FILE_HEADERS.name]: encodeURIComponent(vouched.name),
    [UPGRADE_HEADERS.timestamp]: timestamp,
    [UPGRADE_HEADERS.signature]: requestMac(secret, timestamp, vouched, method, path),
  };
}

const decoded = (value: string | undefined) => {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** The vouched user and address of a correctly signed, fresh file request; null otherwise. */
export function verifyRequest(
  secret: string | undefined,
  headers: IncomingHttpHeaders,
  method: string,
  path: string,
  nowMs: number,
): VouchedFiles | null {
  if (!secret) return null;
  const user = single(headers[UPGRADE_HEADERS.user]);
  const forwardedFor = single(headers[UPGRADE_HEADERS.forwardedFor]);
  const username = decoded(single(headers[FILE_HEADERS.username]));
  const name = decoded(single(headers[FILE_HEADERS.name]));
  const timestamp = single(headers[UPGRADE_HEADERS.timestamp]);
  const signature = single(headers[UPGRADE_HEADERS.signature]);
  if (!user || !forwardedFor || username === undefined || name === undefined || !timestamp || !signature) return null;
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return null;
  const vouched = { user, forwardedFor, username, name };
  const expected = Buffer.from(requestMac(secret, timestamp, vouched, method, path), 'hex');
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) return null;
  return vouched;
}
