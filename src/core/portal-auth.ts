import { atom } from 'nanostores';
import { useLayoutEffect, useRef } from 'react';
import { requireSignIn, signedIn } from './embedding.ts';

// Elements in a portal on another origin carry no cookie of the bastion: they call the API with an
// access token (Authorization: Bearer), which the portal hands them (the `token` property, from its
// back end) or which they get themselves by a popup sign-in (OAuth 2.0 authorization code + PKCE
// against the server's /oidc/, when the element has a `client-id`). One token for the whole page,
// as the session is: the last one given wins. A call the server answers 401 while a token was
// sent means the token is spent (expired or revoked): every element shows its sign-in prompt and
// fires `bastion-token-expired`, once per token, so the portal can hand it a fresh one.

/** The token the page's elements send, or null (then they go by the session cookie, on the same origin). */
export const $portalToken = atom<string | null>(null);
/** The last token the server refused (null until one is). */
export const $spentToken = atom<string | null>(null);

/** The portal client an element signs in with by popup. */
export interface PortalClient {
  clientId: string;
  redirectUri: string;
}
export const $portalClient = atom<PortalClient | null>(null);

export function setPortalToken(token: string | null | undefined): void {
  const next = token || null;
  if ($portalToken.get() === next) return;
  $portalToken.set(next);
  if (next && $spentToken.get() !== next) signedIn();
}

/** `fetch` with the page's token, if any: then no cookie goes along (no credentials across origins). */
export async function authFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const token = $portalToken.get();
  if (!token) return fetch(input, init);
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  headers.delete('X-CSRFToken'); // a bearer call needs none; the portal's own cookie is not the bastion's
  const response = await fetch(input, { ...init, headers, credentials: 'omit' });
  if (response.status === 401) tokenRefused(token);
  else expireLater(token, response.headers.get(EXPIRES_HEADER));
  return response;
}

/** Seconds the token has left, as the server counts them (no clock of the browser involved). */
const EXPIRES_HEADER = 'X-Bastion-Token-Expires-In';
let expiry: { token: string; timer: ReturnType<typeof setTimeout> } | undefined;

/** Reports the token spent when its time is up, even if no call is made then (an idle list). */
function expireLater(token: string, header: string | null): void {
  const seconds = header === null ? NaN : Number(header);
  if (!Number.isFinite(seconds) || seconds < 0 || expiry?.token === token) return;
  if (expiry) clearTimeout(expiry.timer);
  expiry = { token, timer: setTimeout(() => tokenRefused(token), seconds * 1000) };
}

function tokenRefused(token: string): void {
  if ($portalToken.get() !== token || $spentToken.get() === token) return;
  $spentToken.set(token);
  requireSignIn('expired');
}

/**
 * The element's `token`, `client-id` and `redirect-uri`, applied before the element's first call
 * (a layout effect runs before the effects that fetch). Calls `onSpent` when the token it holds is refused.
 */
export function usePortalAuth(
  props: { token?: string; clientId?: string; redirectUri?: string },
  onSpent: () => void,
): void {
  const { token, clientId, redirectUri } = props;
  useLayoutEffect(() => {
    if (token !== undefined) setPortalToken(token);
  }, [token]);
  useLayoutEffect(() => {
    if (clientId)
      $portalClient.set({
        clientId,
        redirectUri: redirectUri || `${window.location.origin}${window.location.pathname}`,
      });
  }, [clientId, redirectUri]);
  const latest = useRef(onSpent);
  latest.current = onSpent;
  useLayoutEffect(
    () =>
      $spentToken.listen((spent) => {
        if (spent && spent === $portalToken.get()) latest.current();
      }),
    [],
  );
}
