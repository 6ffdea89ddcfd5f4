import { FIRST_LOGIN_PATH, LOGIN_REDIRECT_DELAY } from './config.ts'
import { COOKIE, getCookie } from './cookies.ts'
import { HttpError } from './http-error.ts'
import { t } from './i18n/index.ts'
import { hardNavigate, loginUrl } from './navigation.ts'
import { isAdminPageRole } from './permissions.ts'
import { $routeTable, $routes, filterRoutes, normalizePath, type RouteRecord } from './routes.ts'
import { toast } from './stores/notify.ts'
import { DEFAULT_ORG, requestOrgId } from './stores/org.ts'
import { $currentRole, chooseCurrentOrg, loadProfile, loadRoles } from './stores/session.ts'
import { $publicSettings, applyFavicon, loadPublicSettings } from './stores/settings.ts'

export { $routes, setRouteTable } from './routes.ts'

export interface GuardOptions {
  /** The console path being opened; the first-login redirect is skipped when already there. */
  path?: string
  /** True when the console owns the whole page (standalone /ui/): it may set title and favicon. */
  ownsPage?: boolean
}

export interface GuardResult {
  status: 'ok' | 'redirect' | 'first-login'
  /** Where the console should go: the first-login page for 'first-login'. */
  path?: string
}

function redirectToLogin(): GuardResult {
  setTimeout(() => hardNavigate(loginUrl()), LOGIN_REDIRECT_DELAY)
  return { status: 'redirect' }
}

/** The admin or the user tree, chosen by the current role, filtered; constant routes always stay. */
export function generateRoutes(): RouteRecord[] {
  const table = $routeTable.get()
  const role = $currentRole.get()
  const tree = isAdminPageRole(role) ? table.admin : table.user
  const routes = [...table.constant, ...filterRoutes(tree, role, $publicSettings.get())]
  $routes.set(routes)
  return routes
}

/** The first-navigation sequence of spec §2, in its order. Accepts the path or full options. */
export async function runGuard(arg: string | GuardOptions = {}): Promise<GuardResult> {
  const options = typeof arg === 'string' ? { path: arg } : arg
  if (options.ownsPage) document.title = t('app.title')

  // An existing csrftoken cookie is what the reference console takes as "logged in".
  if (!getCookie(COOKIE.csrftoken)) return redirectToLogin()

  let profile
  try {
    const askedOrg = requestOrgId()
    profile = await loadProfile()
    // Orgs were taken from profile.admin_or_audit_orgs by loadProfile().
    const chosen = chooseCurrentOrg()
    // current_org_roles describe the org the profile was asked in. When the guard settles on
    // another org (an org admin's first visit: no cookie yet, so DEFAULT was asked), ask again so
    // the roles are those of the chosen org, as the reference console does by switching org.
    if (chosen.id !== (askedOrg ?? DEFAULT_ORG.id)) profile = await loadProfile()
  } catch (error) {
    // A 401 on the profile call has already sent the browser to the login page.
    if (error instanceof HttpError && error.status === 401) return { status: 'redirect' }
    return redirectToLogin()
  }

  loadRoles()

  try {
    const settings = await loadPublicSettings()
    if (options.ownsPage) applyFavicon(settings)
  } catch {
    // The failure was toasted by http.ts; defaults (no licence, no logo) keep the console usable.
  }

  try {
    generateRoutes()
  } catch {
    toast.error(t('guard.error.routes'))
  }

  const onFirstLogin = options.path && normalizePath(options.path.split('?')[0]) === normalizePath(FIRST_LOGIN_PATH)
  if (profile.is_first_login && !onFirstLogin) return { status: 'first-login', path: FIRST_LOGIN_PATH }
  return { status: 'ok' }
}
