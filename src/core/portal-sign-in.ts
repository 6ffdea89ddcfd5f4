import { apiUrl } from './http.ts';
import { $portalClient, setPortalToken, type PortalClient } from './portal-auth.ts';

// The popup sign-in of an element on a portal: OAuth 2.0 authorization code with PKCE (RFC 6749, 7636)
// against the server's authorization server (/oidc/, oidc-provider). The popup shows the server's own
// sign-in (captcha, MFA, LDAP as configured) and comes back to the portal's registered redirect URI,
// a page of the portal's origin (so this page, also of that origin, can read where the popup is):
// the code is taken from there and exchanged, with the verifier only this page knows, for a
// short-lived access token that every element of the page then sends.

const POLL_MS = 150;
const AUTHORIZE = '/oidc/auth';
const TOKEN = '/oidc/token';

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomString = (size = 32) => base64url(crypto.getRandomValues(new Uint8Array(size)));

export class PortalSignInError extends Error {
  constructor(
    readonly reason: 'blocked' | 'closed' | 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** Where the popup is, once it is back on this page's origin (null while it is elsewhere). */
function popupUrl(popup: Window): URL | null {
  try {
    const href = popup.location.href;
    return href && href !== 'about:blank' ? new URL(href) : null;
  } catch {
    return null; // on the bastion's origin: not ours to read
  }
}

function waitForRedirect(popup: Window, redirectUri: string): Promise<URL> {
  return new Promise((resolve, reject) => {
    const timer = window.setInterval(() => {
      const url = popupUrl(popup);
      if (url && `${url.origin}${url.pathname}` === redirectUri.split('?')[0]) {
        window.clearInterval(timer);
        popup.close();
        resolve(url);
      } else if (popup.closed) {
        window.clearInterval(timer);
        reject(new PortalSignInError('closed', 'the sign-in window was closed'));
      }
    }, POLL_MS);
  });
}

/**
 * Signs in by popup and sets the page's token. Call it from a click (a popup needs the user's gesture):
 * the window opens at once, the authorization URL follows once the challenge is computed.
 */
export async function popupSignIn(client: PortalClient | null = $portalClient.get()): Promise<string> {
  if (!client) throw new PortalSignInError('failed', 'no portal client (client-id) is set');
  const popup = window.open('about:blank', 'bastion-sign-in', 'popup,width=520,height=680');
  if (!popup) throw new PortalSignInError('blocked', 'the browser blocked the sign-in window');
  try {
    const verifier = randomString();
    const state = randomString(16);
    const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const authorize = new URL(apiUrl(AUTHORIZE), window.location.href);
    authorize.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    }).toString();
    popup.location.href = authorize.href;
    const back = await waitForRedirect(popup, client.redirectUri);
    const error = back.searchParams.get('error');
    if (error) throw new PortalSignInError('refused', back.searchParams.get('error_description') || error);
    if (back.searchParams.get('state') !== state)
      throw new PortalSignInError('refused', 'the sign-in answered another request');
    const response = await fetch(new URL(apiUrl(TOKEN), window.location.href), {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: client.redirectUri,
        client_id: client.clientId,
        code_verifier: verifier,
      }),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !answer.access_token)
      throw new PortalSignInError('refused', answer.error_description || answer.error || `HTTP ${response.status}`);
    setPortalToken(answer.access_token);
    return answer.access_token;
  } catch (error) {
    if (!popup.closed) popup.close();
    throw error instanceof PortalSignInError
      ? error
      : new PortalSignInError('failed', error instanceof Error ? error.message : String(error));
  }
}
