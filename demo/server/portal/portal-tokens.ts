// What an access token given to a portal is worth on the API: the user it was issued for (still active),
// until it expires, while its portal is still registered, and only to read what the elements show:
// the asset list and tree, a session's replay and commands, and the user's own profile (the elements'
// sign-in check). Anything else (a write, another endpoint, the logout) is refused with 403, decided
// here on the server whatever the page sends. Revoked by the portal (RFC 7009, /oidc/token/revocation),
// by the user's logout or password change (sessions.ts endLogins), or by removing the portal.
import type { UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { isValidUser } from '../auth/permissions.ts';
import { tokenHash } from '../secrets/token-hash.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Paths without their query. An id is one path segment; nothing else under these paths is open.
const ELEMENT_PATHS: RegExp[] = [
  /^\/api\/v1\/users\/profile\/$/,
  // <bastion-asset-list>: the node tree and the asset table (its filters are query parameters).
  /^\/api\/v1\/assets\/assets\/$/,
  /^\/api\/v1\/assets\/nodes\/children\/tree\/$/,
  // <bastion-session-replay>: the session, its recording and its commands.
  /^\/api\/v1\/terminal\/sessions\/[^/]+\/$/,
  /^\/api\/v1\/terminal\/sessions\/[^/]+\/replay\/$/,
  /^\/api\/v1\/terminal\/sessions\/[^/]+\/replay\/asciicast\/$/,
  /^\/api\/v1\/terminal\/commands\/$/,
];

/** May a portal token make this call? The authorization server's own paths (/oidc/) judge their tokens themselves. */
export function portalTokenMayCall(method: string, url: string): boolean {
  const path = url.split('?')[0];
  if (path === '/oidc' || path.startsWith('/oidc/')) return true;
  return READS.has(method) && ELEMENT_PATHS.some((pattern) => pattern.test(path));
}

export interface PortalLogin { user: UserRow; clientId: string; expiresAt: number }

/** Seconds the portal token of the call has left: the elements say it has expired when it has, unasked. */
export const TOKEN_EXPIRES_HEADER = 'X-Bastion-Token-Expires-In';

/** The user of a live portal access token (oauth-store.ts keeps it under its hash), or null. */
export function userForPortalToken(db: DB, token: string, nowMs: number): PortalLogin | null {
  const row = db.prepare(`SELECT e.account_id, e.client_id, e.expires_at FROM oauth_entries e JOIN portal_clients c ON c.client_id = e.client_id
    WHERE e.model = 'AccessToken' AND e.id_hash = ? AND e.expires_at > ?`).get(tokenHash(token), nowMs) as { account_id: string; client_id: string; expires_at: number } | undefined;
  if (!row) return null;
  const user = db.prepare('SELECT * FROM users WHERE id = ?').get(row.account_id) as UserRow | undefined;
  return user && isValidUser(user, nowMs) ? { user, clientId: row.client_id, expiresAt: row.expires_at } : null;
}

/** Every portal token and grant of the user stops working at once. */
export function revokePortalTokens(db: DB, userId: string): void {
  db.prepare('DELETE FROM oauth_entries WHERE account_id = ?').run(userId);
}
