import { atom } from 'nanostores'
import type { Org } from '../types.ts'

// Kept apart from session.ts so http.ts can read the current org without importing the session
// actions, which themselves call http.ts.

/** The organisations the user administers or audits (profile.admin_or_audit_orgs). */
export const $orgs = atom<Org[]>([])
export const $currentOrg = atom<Org | null>(null)

/** Id '' is the global organisation (spec §3). */
export const GLOBAL_ORG_ID = ''
export const DEFAULT_ORG: Org = { id: 'DEFAULT', name: 'DEFAULT' }
