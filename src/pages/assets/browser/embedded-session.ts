import { useEffect, useState } from 'react'
import { PROFILE_URL } from '../../../core/config.ts'
import { getCookie, COOKIE } from '../../../core/cookies.ts'
import { apiUrl } from '../../../core/http.ts'
import { $currentOrg, $orgs, readOrgCookie } from '../../../core/stores/org.ts'
import { $profile } from '../../../core/stores/session.ts'
import type { Org, Profile } from '../../../core/types.ts'

export type EmbeddedSession = 'loading' | 'anonymous' | 'ready'

/**
 * The login check of an element living in someone else's page. A profile 401 through http.ts
 * would send the whole host page to the login form, so this asks with a plain fetch and lets the
 * element show a sign-in link instead. A session another element already loaded is reused.
 */
async function ensureProfile(): Promise<Profile | null> {
  const known = $profile.get()
  if (known) return known
  const orgId = $currentOrg.get()?.id ?? readOrgCookie()?.id
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRFToken': getCookie(COOKIE.csrftoken) ?? '' }
  if (orgId !== undefined) headers['X-JMS-ORG'] = orgId
  const response = await fetch(apiUrl(PROFILE_URL), { credentials: 'include', headers })
  if (!response.ok) return null
  const profile = (await response.json()) as Profile
  $profile.set(profile)
  $orgs.set(profile.admin_or_audit_orgs ?? [])
  return profile
}

/** The org to list: the attribute, else the page's current org, else the saved one, else the first allowed. */
function pickOrg(wanted: string | undefined): Org | null {
  const orgs = $orgs.get()
  if (wanted) return orgs.find((o) => o.id === wanted) ?? { id: wanted, name: wanted }
  return $currentOrg.get() ?? readOrgCookie() ?? orgs[0] ?? null
}

export function useEmbeddedSession(org: string | undefined): EmbeddedSession {
  const [state, setState] = useState<EmbeddedSession>('loading')
  useEffect(() => {
    let live = true
    ensureProfile().then((profile) => {
      if (!live) return
      if (!profile) return setState('anonymous')
      const chosen = pickOrg(org)
      if (chosen && chosen.id !== $currentOrg.get()?.id) $currentOrg.set(chosen)
      setState('ready')
    }, () => live && setState('anonymous'))
    return () => { live = false }
  }, [org])
  return state
}
