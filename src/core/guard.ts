import { bootstrapProfile, bootstrapTextsMatch, takeBootstrap, type Bootstrap } from './bootstrap.ts';
import { FIRST_LOGIN_PATH, LOGIN_REDIRECT_DELAY } from './config.ts';
import { COOKIE, getCookie } from './cookies.ts';
import { ownsPage, requireSignIn } from './embedding.ts';
import { earlyAnswersSettled } from './engine/early.ts';
import { HttpError } from './http-error.ts';
import { languageReady, t } from './i18n/index.ts';
import { hardNavigate, loginUrl } from './navigation.ts';
import { isAdminPageRole } from './permissions.ts';
import { $routeTable, $routes, filterRoutes, normalizePath, type RouteRecord } from './routes.ts';
import { toast } from './stores/notify.ts';
import { DEFAULT_ORG, requestOrgId } from './stores/org.ts';
import { rememberLang } from './stores/locale.ts';
import {
  $currentRole,
  chooseCurrentOrg,
  loadProfile,
  loadRoles,
  reloadProfileTexts,
  setProfile,
} from './stores/session.ts';
import { $publicSettings, applyFavicon, loadPublicSettings, setPublicSettings } from './stores/settings.ts';

export { $routes, setRouteTable } from './routes.ts';

export interface GuardOptions {
  /** The console path being opened; the first-login redirect is skipped when already there. */
  path?: string;
  /** True when the console owns the whole page (standalone /ui/): it may set title and favicon. */
  ownsPage?: boolean;
}

export interface GuardResult {
  status: 'ok' | 'redirect' | 'first-login';
  /** Where the console should go: the first-login page for 'first-login'. */
  path?: string;
}

function redirectToLogin(): GuardResult {
  // An embedded console shows its sign-in prompt and tells the host instead (embedding.ts).
  if (!ownsPage()) requireSignIn('no-session');
  else setTimeout(() => hardNavigate(loginUrl()), LOGIN_REDIRECT_DELAY);
  return { status: 'redirect' };
}

/** The admin or the user tree, chosen by the current role, filtered; constant routes always stay. */
export function generateRoutes(): RouteRecord[] {
  const table = $routeTable.get();
  const role = $currentRole.get();
  const tree = isAdminPageRole(role) ? table.admin : table.user;
  const routes = [...table.constant, ...filterRoutes(tree, role, $publicSettings.get())];
  $routes.set(routes);
  return routes;
}

/** How long the texts' refresh waits for the first page's own answers at most. */
const FIRST_ANSWERS_CAP_MS = 1000;

/**
 * The embedded profile decides roles, orgs and first login at once; when its labels and dates were
 * rendered in another language or zone than the console's own call would ask for (a page load
 * carries no zone, so the server used its default), the profile is fetched again for display once
 * the first screen is drawn. An idle callback alone came too soon: the browser idles while it waits
 * for the first page's answers, so the refresh was one more call before the first users row. The
 * page's early calls leave once the guard has settled (a task from now): the refresh waits for their
 * answers, then for idle time, which the render they start (queued tasks) comes before.
 */
function refreshTexts(boot: Bootstrap): void {
  if (bootstrapTextsMatch(boot)) return;
  const refresh = () => void reloadProfileTexts().catch(() => undefined); // a failure was toasted by http.ts
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(refresh, { timeout: 3000 })
      : setTimeout(refresh, 0);
  setTimeout(() => void earlyAnswersSettled(FIRST_ANSWERS_CAP_MS).then(whenIdle), 0);
}

/** The first-navigation sequence of spec §2, in its order. Accepts the path or full options. */
export async function runGuard(arg: string | GuardOptions = {}): Promise<GuardResult> {
  const options = typeof arg === 'string' ? { path: arg } : arg;
  // English comes in its own chunk: nothing is drawn before its texts are in (at once for Chinese).
  await languageReady();
  if (options.ownsPage) document.title = t('app.title');
  // Before any redirect: the server's login page then answers in the console's language.
  rememberLang();

  // An existing csrftoken cookie is what the reference console takes as "logged in".
  if (!getCookie(COOKIE.csrftoken)) return redirectToLogin();

  // The standalone page served by the reference server carries the profile and settings the
  // steps below would fetch one after another; without it (embedded, tests) they are fetched.
  const boot = takeBootstrap();
  let profile;
  try {
    const askedOrg = requestOrgId();
    const embedded = bootstrapProfile(boot, askedOrg);
    profile = embedded ? setProfile(embedded) : await loadProfile();
    // Orgs were taken from profile.admin_or_audit_orgs by loadProfile().
    const chosen = chooseCurrentOrg();
    // current_org_roles describe the org the profile was asked in. When the guard settles on
    // another org (an org admin's first visit: no cookie yet, so DEFAULT was asked), ask again so
    // the roles are those of the chosen org, as the reference console does by switching org.
    if (chosen.id !== (askedOrg ?? DEFAULT_ORG.id)) profile = await loadProfile();
    else if (embedded) refreshTexts(boot!);
  } catch (error) {
    // A 401 on the profile call has already sent the browser to the login page.
    if (error instanceof HttpError && error.status === 401) return { status: 'redirect' };
    return redirectToLogin();
  }

  loadRoles();

  try {
    const settings = boot?.publicSettings ? setPublicSettings(boot.publicSettings) : await loadPublicSettings();
    if (options.ownsPage) applyFavicon(settings);
  } catch {
    // The failure was toasted by http.ts; defaults (no licence, no logo) keep the console usable.
  }

  try {
    generateRoutes();
  } catch {
    toast.error(t('guard.error.routes'));
  }

  const onFirstLogin = options.path && normalizePath(options.path.split('?')[0]) === normalizePath(FIRST_LOGIN_PATH);
  if (profile.is_first_login && !onFirstLogin) return { status: 'first-login', path: FIRST_LOGIN_PATH };
  return { status: 'ok' };
}
