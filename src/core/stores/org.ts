import { atom } from 'nanostores';
import { COOKIE, getCookie } from '../cookies.ts';
import type { Org } from '../types.ts';

// Kept apart from session.ts so http.ts can read the current org without importing the session
// actions, which themselves call http.ts.

/** The organisations the user administers or audits (profile.admin_or_audit_orgs). */
export const $orgs = atom<Org[]>([]);
export const $currentOrg = atom<Org | null>(null);

/** Id '' is the global organisation (spec §3). */
export const GLOBAL_ORG_ID = '';
export const DEFAULT_ORG: Org = { id: 'DEFAULT', name: 'DEFAULT' };

/** The org saved by an earlier visit (cookie jms_current_org), or null when absent or unreadable. */
export function readOrgCookie(): Org | null {
  try {
    const org = JSON.parse(getCookie(COOKIE.currentOrg) ?? 'null') as Org | null;
    return org && typeof org.id === 'string' ? org : null;
  } catch {
    return null; // a cookie written by another console version
  }
}

/**
 * The org every request is made in. Before the guard has chosen one (the very first profile call),
 * it is the saved org: the server answers the profile's current_org_roles for that org, so an org
 * admin lands on the admin page of the org they were working in.
 */
export function requestOrgId(): string | undefined {
  return ($currentOrg.get() ?? readOrgCookie())?.id;
}
