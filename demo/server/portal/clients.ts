// The portals registered with the authorization server: an OAuth 2.0 public client each (a browser
// page holds no secret, so the code is bound to it by PKCE instead), with the redirect URIs its popup
// may come back to. Only redirect URIs on BASTION_CORS_ORIGINS are honoured, whatever is stored: a
// portal whose origin leaves the list loses its sign-in at once. Registered with portal-cli.ts.
import type { AdapterPayload } from 'oidc-provider';
import type { DB } from '../core/db/open.ts';
import { isoAt } from '../core/lib/time.ts';
import { revokeClientEntries } from '../core/auth/oauth-entry-store.ts';
import { deletePortalClient, portalClientRows, upsertPortalClient } from './portal-client-store.ts';

export interface PortalClient {
  client_id: string;
  name: string;
  redirect_uris: string[];
  comment: string;
  created_by: string;
  date_created: string;
}

const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;

/** The demo portal (demo/portal/, served by `npm start` on 127.0.0.2:PORTAL_PORT). */
export const DEMO_PORTAL_CLIENT = 'bastion-demo-portal';
/** Its redirect URIs: the elements' popup sign-in, and oidc-client-ts's on its /oidc.html page (demo/portal/server.mjs). */
export const demoPortalRedirectUris = (origin: string): string[] => [
  `${origin}/callback.html`,
  `${origin}/oidc-callback.html`,
];

/** Why `uri` cannot be a redirect URI (absolute http(s), no fragment, no credentials), or null. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `not an absolute URL: ${uri}`;
  }
  if (!/^https?:$/.test(url.protocol)) return `not http(s): ${uri}`;
  if (url.hash || uri.includes('#')) return `a redirect URI has no fragment: ${uri}`;
  if (url.username || url.password) return `a redirect URI has no credentials: ${uri}`;
  return null;
}

export function savePortalClient(
  db: DB,
  client: { clientId: string; name: string; redirectUris: string[]; comment?: string; createdBy?: string },
  nowMs: number,
): void {
  if (!CLIENT_ID.test(client.clientId))
    throw new Error(`client id: 3-64 letters, digits, '.', '_' or '-': ${client.clientId}`);
  if (client.redirectUris.length === 0) throw new Error('at least one redirect URI');
  const problems = client.redirectUris.map(redirectUriProblem).filter((p): p is string => p !== null);
  if (problems.length) throw new Error(problems.join('; '));
  upsertPortalClient(db, {
    client_id: client.clientId,
    name: client.name || client.clientId,
    redirect_uris: JSON.stringify(client.redirectUris),
    comment: client.comment ?? '',
    created_by: client.createdBy ?? '',
    date_created: isoAt(nowMs),
  });
}

/** Removes the client and everything issued to it (its tokens stop working at once). */
export function removePortalClient(db: DB, clientId: string): boolean {
  revokeClientEntries(db, clientId);
  return deletePortalClient(db, clientId);
}

export function listPortalClients(db: DB): PortalClient[] {
  return portalClientRows(db).map((row) => ({ ...row, redirect_uris: JSON.parse(row.redirect_uris) as string[] }));
}

export function findPortalClient(db: DB, clientId: string): PortalClient | null {
  return listPortalClients(db).find((client) => client.client_id === clientId) ?? null;
}

/**
 * The client as oidc-provider reads it: public (no secret), authorization code only, the redirect URIs
 * on an allowed origin. Null when unknown, or when none of its redirect URIs is on an allowed origin.
 */
export function clientMetadata(db: DB, clientId: string, origins: readonly string[]): AdapterPayload | null {
  const client = typeof clientId === 'string' ? findPortalClient(db, clientId) : null;
  if (!client) return null;
  const redirectUris = client.redirect_uris.filter((uri) => origins.includes(new URL(uri).origin));
  if (redirectUris.length === 0) return null;
  return {
    client_id: client.client_id,
    client_name: client.name,
    redirect_uris: redirectUris,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    application_type: 'web',
  };
}
