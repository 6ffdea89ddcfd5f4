import { atom, computed } from 'nanostores';
import { LOGOUT_PATH, PROFILE_URL, UI_BASE } from '../config.ts';
import { COOKIE, getCookie, removeCookie, setCookie } from '../cookies.ts';
import { ownsPage, requireSignIn, restartInPlace, signedIn } from '../embedding.ts';
import { apiUrl, http } from '../http.ts';
import { currentFullPath, hardNavigate, isConsoleLocation, reloadPage, uiUrl } from '../navigation.ts';
import { pathAfterOrgSwitch } from '../org-switch.ts';
import { ROLE, isAdminPageRole, parseUserRoles, sumPerms } from '../permissions.ts';
import type { Org, Profile } from '../types.ts';
import { $currentOrg, $orgs, DEFAULT_ORG, GLOBAL_ORG_ID, readOrgCookie } from './org.ts';

export { $currentOrg, $orgs, DEFAULT_ORG, GLOBAL_ORG_ID } from './org.ts';
export type { Org, Profile } from '../types.ts';

export const $profile = atom<Profile | null>(null);
export const $roles = atom<number[]>([]);
export const $currentRole = atom<number>(ROLE.ANON);
export const $perms = computed($roles, sumPerms);
export const $mfaVerifiedAt = atom<number>(0);
export const $token = atom<string>('');

export async function loadProfile(): Promise<Profile> {
  return setProfile(await http.get<Profile>(PROFILE_URL));
}

/**
 * The profile again for its texts only (labels and dates, which follow language and zone): orgs,
 * roles and the current org stay as the guard chose them, so nothing but the profile's readers re-renders.
 */
export async function reloadProfileTexts(): Promise<void> {
  $profile.set(await http.get<Profile>(PROFILE_URL));
}

/** The session of `profile`, fetched by loadProfile() or embedded in the page (src/core/bootstrap.ts). */
export function setProfile(profile: Profile): Profile {
  $profile.set(profile);
  $orgs.set(profile.admin_or_audit_orgs ?? []);
  $token.set(getCookie(COOKIE.csrftoken) ?? '');
  signedIn();
  return profile;
}

function storeOrg(org: Org): void {
  setCookie(COOKIE.currentOrg, JSON.stringify({ id: org.id, name: org.name }));
  $currentOrg.set(org);
}

/** Cookie org if still allowed, else global, else DEFAULT, else the first (spec §3). */
export function chooseCurrentOrg(): Org {
  const orgs = $orgs.get();
  const saved = readOrgCookie();
  const chosen =
    orgs.length === 0
      ? DEFAULT_ORG
      : (orgs.find((o) => o.id === saved?.id) ??
        orgs.find((o) => o.id === GLOBAL_ORG_ID) ??
        orgs.find((o) => o.id === DEFAULT_ORG.id) ??
        orgs[0]);
  storeOrg(chosen);
  return chosen;
}

export function setCurrentRole(role: number): void {
  setCookie(COOKIE.currentRole, String(role));
  $currentRole.set(role);
}

/** Roles of the current org; the saved role if still held, else the highest (spec §4, §6). */
export function loadRoles(): number[] {
  const profile = $profile.get();
  const roles = profile ? parseUserRoles(profile) : [];
  $roles.set(roles);
  const saved = Number(getCookie(COOKIE.currentRole));
  let role = roles.includes(saved) ? saved : (roles[0] ?? ROLE.ANON);
  if ((profile?.admin_or_audit_orgs ?? []).length === 0) role = ROLE.USER;
  setCurrentRole(role);
  return roles;
}

export const isAdminPage = isAdminPageRole;

export function canSwitchPage(): boolean {
  return $roles.get().length > 1 || $orgs.get().length > 0;
}

// Role changes need a fresh start at the console root: the route tree itself changes.
function reloadAtRoot(): void {
  if (!ownsPage()) restartInPlace('/');
  else if (isConsoleLocation()) reloadPage(uiUrl('/'));
  else hardNavigate(uiUrl('/'));
}

export function switchToAdminPage(): void {
  const adminRole = $roles.get().find(isAdminPageRole);
  if (adminRole !== undefined) {
    setCurrentRole(adminRole);
  } else {
    // No admin rights here: move to an organisation the user does administer or audit.
    const org = $orgs.get()[0];
    if (org) storeOrg(org);
    removeCookie(COOKIE.currentRole);
  }
  reloadAtRoot();
}

export function switchToUserPage(): void {
  setCurrentRole(ROLE.USER);
  reloadAtRoot();
}

export function setCurrentOrg(org: Org): void {
  removeCookie(COOKIE.currentRole);
  storeOrg(org);
  const here = currentFullPath();
  const next = pathAfterOrgSwitch(here);
  // Embedded: the console starts again in the new org where it is; the host hears of it by an event.
  if (!ownsPage()) return restartInPlace(next, org);
  if (!isConsoleLocation()) return hardNavigate(UI_BASE);
  if (next === here) reloadPage();
  else reloadPage(uiUrl(next));
}

export function setMfaVerifiedAt(time: number = Date.now()): void {
  $mfaVerifiedAt.set(time);
}

export function resetSession(): void {
  $profile.set(null);
  $orgs.set([]);
  $currentOrg.set(null);
  $roles.set([]);
  $currentRole.set(ROLE.ANON);
  $mfaVerifiedAt.set(0);
  $token.set('');
}

/** The cookies spec §4 lists for logout, and only those. */
export const LOGOUT_COOKIES = [
  COOKIE.currentOrg,
  COOKIE.currentRole,
  COOKIE.legacyCurrentOrg,
  COOKIE.legacyCurrentRole,
  COOKIE.sidebarStatus,
  COOKIE.language,
  COOKIE.orgHeader,
  COOKIE.activeTab,
] as const;

export function logout(): void {
  const fullPath = currentFullPath();
  for (const name of LOGOUT_COOKIES) removeCookie(name);
  resetSession();
  if (ownsPage()) return hardNavigate(`${LOGOUT_PATH}?next=${encodeURIComponent(fullPath)}`);
  // Embedded: the session ends on the server without leaving the host page, which then decides.
  void fetch(apiUrl(LOGOUT_PATH), { credentials: 'include', redirect: 'manual' }).catch(() => undefined);
  requireSignIn('signed-out');
}
