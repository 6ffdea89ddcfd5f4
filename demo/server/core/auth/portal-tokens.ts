// What an access token given to a portal is worth on the API: the user it was issued for (still active),
// until it expires, while its portal is still registered, and only to read what the elements show:
// the asset list and tree, the user's own granted assets, tree and favourites, a session's replay and
// commands, and the user's own profile (the elements' sign-in check). Anything else (a write, another
// endpoint, another user's grants, an org the user is not a member of, the logout) is refused with 403,
// decided here on the server whatever the page sends. Revoked by the portal (RFC 7009,
// /oidc/token/revocation), by the user's logout or password change (sessions.ts endLogins), or by
// removing the portal.
import type { Org, RequestContext, UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import { isValidUser } from '../permissions.ts';
import type { MessageKey } from '../lib/messages.ts';
import { storedOrgId } from '../orgs/current-org.ts';
import { memberOrgIds } from '../orgs/membership-store.ts';
import { tokenHash } from '../secrets/token-hash.ts';
import { liveAccessTokenEntry, revokeUserEntries } from './oauth-entry-store.ts';
import { userById } from './user-read-store.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Paths without their query. An id is one path segment; nothing else under these paths is open.
const ELEMENT_PATHS: RegExp[] = [
  /^\/api\/v1\/users\/profile\/$/,
  // <bastion-asset-list>: the node tree and the asset table (its filters are query parameters).
  /^\/api\/v1\/assets\/assets\/$/,
  /^\/api\/v1\/assets\/nodes\/children\/tree\/$/,
  // <bastion-asset-list scope="mine">: the "my" form of the user's grants only (no user id in the path,
  // so never another user's), the granted tree a level at a time, a node's granted assets, and the
  // favourites list (its star stays read-only: no POST or DELETE).
  /^\/api\/v1\/perms\/users\/assets\/$/,
  /^\/api\/v1\/perms\/users\/nodes\/children\/tree\/$/,
  /^\/api\/v1\/perms\/users\/nodes\/[^/]+\/assets\/$/,
  /^\/api\/v1\/assets\/favorite-assets\/$/,
  // <bastion-session-replay>: the session, its recording and its commands.
  /^\/api\/v1\/terminal\/sessions\/[^/]+\/$/,
  /^\/api\/v1\/terminal\/sessions\/[^/]+\/replay\/$/,
  /^\/api\/v1\/terminal\/sessions\/[^/]+\/replay\/asciicast\/$/,
  /^\/api\/v1\/terminal\/commands\/$/,
];

const isOidcPath = (path: string) => path === '/oidc' || path.startsWith('/oidc/');

/** May a portal token make this call? The authorization server's own paths (/oidc/) judge their tokens themselves. */
export function portalTokenMayCall(method: string, url: string): boolean {
  const path = url.split('?')[0];
  if (isOidcPath(path)) return true;
  return READS.has(method) && ELEMENT_PATHS.some((pattern) => pattern.test(path));
}

/**
 * May a portal token act in `org` (the request's `?oid=`, `X-JMS-ORG`)? Only in an org its user belongs
 * to: a foreign org is refused before any handler, so no endpoint has to remember it.
 */
export function portalTokenMayUseOrg(db: DB, user: UserRow, org: Org): boolean {
  const orgs = memberOrgIds(db, user);
  return orgs === null || (org.kind !== 'root' && orgs.includes(storedOrgId(org)));
}

/** Why a portal token's call is refused (a message key), or null when it may go on. */
export function portalRefusal(
  db: DB,
  ctx: Pick<RequestContext, 'user' | 'org'>,
  method: string,
  url: string,
): MessageKey | null {
  if (!portalTokenMayCall(method, url)) return 'portal.scope_refused';
  if (isOidcPath(url.split('?')[0]) || !ctx.user) return null;
  return portalTokenMayUseOrg(db, ctx.user, ctx.org) ? null : 'portal.org_refused';
}

/**
 * The orgs whose grants a call's "my" scope spans (perms/grant-scope.ts): a portal token's user's own orgs,
 * so a grant left behind by a membership that ended never shows in a portal; undefined = every org.
 */
export function portalGrantOrgs(db: DB, ctx: Pick<RequestContext, 'user' | 'via'>): string[] | undefined {
  if (ctx.via !== 'portal' || !ctx.user) return undefined;
  return memberOrgIds(db, ctx.user) ?? undefined;
}

export interface PortalLogin {
  user: UserRow;
  clientId: string;
  expiresAt: number;
}

/** Seconds the portal token of the call has left: the elements say it has expired when it has, unasked. */
export const TOKEN_EXPIRES_HEADER = 'X-Bastion-Token-Expires-In';

/** The user of a live portal access token (oauth-store.ts keeps it under its hash), or null. */
export function userForPortalToken(db: DB, token: string, nowMs: number): PortalLogin | null {
  const row = liveAccessTokenEntry(db, tokenHash(token), nowMs);
  if (!row) return null;
  const user = userById(db, row.account_id);
  return user && isValidUser(user, nowMs) ? { user, clientId: row.client_id, expiresAt: row.expires_at } : null;
}

/** Every portal token and grant of the user stops working at once. */
export function revokePortalTokens(db: DB, userId: string): void {
  revokeUserEntries(db, userId);
}
