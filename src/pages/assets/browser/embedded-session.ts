import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { PROFILE_URL } from '../../../core/config.ts';
import { getCookie, COOKIE } from '../../../core/cookies.ts';
import { $signInRequired, claimPage, joinHostPage, requireSignIn } from '../../../core/embedding.ts';
import { apiIsCrossOrigin, apiUrl } from '../../../core/http.ts';
import { $portalToken, authFetch } from '../../../core/portal-auth.ts';
import { $currentOrg, $orgs, readOrgCookie } from '../../../core/stores/org.ts';
import { $profile, setProfile } from '../../../core/stores/session.ts';
import type { Org, Profile } from '../../../core/types.ts';

export type EmbeddedSession = 'loading' | 'anonymous' | 'ready';

let asking: Promise<Profile | null> | null = null;
/** The portal token the known profile was read with (undefined: none yet; null: by the session cookie). */
let profileToken: string | null | undefined;

/**
 * The login check of an element living in someone else's page. A profile 401 through http.ts
 * would prompt or navigate, so this asks with a plain fetch and lets the element show a sign-in
 * link instead. A session another element already loaded (or is loading) is reused.
 */
function ensureProfile(): Promise<Profile | null> {
  const token = $portalToken.get();
  // Across origins only a token signs in (the server allows no cookie there): without one, a call
  // would only be refused, one CORS error in the host's console per element. Signed out, then.
  if (!token && apiIsCrossOrigin()) return Promise.resolve(null);
  const known = $profile.get();
  // A portal's new token may be another user's: its profile is read again.
  if (known && (profileToken === undefined || profileToken === token)) return Promise.resolve(known);
  if (asking && profileToken !== token) asking = null;
  profileToken = token;
  asking ??= (async () => {
    const orgId = $currentOrg.get()?.id ?? readOrgCookie()?.id;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-CSRFToken': getCookie(COOKIE.csrftoken) ?? '',
    };
    if (orgId !== undefined) headers['X-JMS-ORG'] = orgId;
    const response = await authFetch(apiUrl(PROFILE_URL), { credentials: 'include', headers });
    if (!response.ok) return null;
    const profile = (await response.json()) as Profile;
    // An answer for a token since replaced is not the page's user.
    return $portalToken.get() === token ? setProfile(profile) : profile;
  })().finally(() => {
    asking = null;
  });
  return asking;
}

/** The page's org: its current one, else the saved one, else the first allowed. */
function pageOrg(): Org | null {
  return $currentOrg.get() ?? readOrgCookie() ?? $orgs.get()[0] ?? null;
}

/**
 * The shared session as an element sees it. Every element on a page shares one session and one org
 * ($currentOrg); an element whose `org` pins its own asks in that org (its requests say so) and never
 * moves the page's. A session that ends later (a 401 anywhere, a sign-out) turns every element to
 * 'anonymous'. `ownsPage`: the element is its page's only content (the web terminal on /luna/).
 */
export function useEmbeddedSession(org: string | undefined, options: { ownsPage?: boolean } = {}): EmbeddedSession {
  const [state, setState] = useState<EmbeddedSession>('loading');
  const signIn = useStore($signInRequired);
  // A token handed over later (a fresh one after bastion-token-expired, or the popup's) checks again.
  const token = useStore($portalToken);
  const { ownsPage = false } = options;
  useLayoutEffect(() => (ownsPage ? claimPage() : joinHostPage()), [ownsPage]);
  useEffect(() => {
    let live = true;
    ensureProfile().then(
      (profile) => {
        if (!live) return;
        if (!profile) {
          requireSignIn('no-session');
          return setState('anonymous');
        }
        if (!org && !$currentOrg.get()) $currentOrg.set(pageOrg());
        setState('ready');
      },
      () => {
        if (!live) return;
        requireSignIn('no-session');
        setState('anonymous');
      },
    );
    return () => {
      live = false;
    };
  }, [org, token]);
  return signIn ? 'anonymous' : state;
}
