import { PERM } from '../core/permissions.ts'
import type { RouteRecord, RouteTable } from '../core/routes.ts'
import { applicationsRoutes } from './applications/routes.ts'
import { assetRoutes } from './assets/routes.ts'
import { LoginPage } from './auth/LoginPage.tsx'
import { DashboardPage } from './dashboard/DashboardPage.tsx'
import { NotFoundPage } from './errors/NotFoundPage.tsx'
import { GuidePage } from './first-login/GuidePage.tsx'
import { PersonalInfoPage } from './first-login/PersonalInfoPage.tsx'
import { TaskLogPage } from './ops/TaskLogPage.tsx'
import { ProfilePage } from './profile/ProfilePage.tsx'
import { permsRoutes } from './perms/routes.ts'
import { usersRoutes } from './users/index.ts'
import { userViewRoutes } from './userviews/routes.ts'

// Paths and names follow ROUTES.md. Only pages that exist are listed: the other sections join the
// table with their issues, so the menu never leads to an empty page.

const EVERYONE: number[] = []

const constant: RouteRecord[] = [
  { path: '/404', name: '404', component: NotFoundPage, meta: { title: 'route.404', hidden: true, permissions: EVERYONE } },
  { path: '/login', name: 'Login', component: LoginPage, meta: { title: 'route.Login', hidden: true, permissions: EVERYONE } },
  {
    path: '/users/profile/', name: 'UserProfile', component: ProfilePage,
    meta: { title: 'route.UserProfile', icon: 'person', hidden: true, permissions: EVERYONE },
  },
  {
    path: '/users/first-login/personal-information-improvement/', name: 'PersonalInformationImprovement',
    component: PersonalInfoPage, meta: { title: 'route.PersonalInformationImprovement', hidden: true, permissions: EVERYONE },
  },
  {
    path: '/users/first-login/guide/', name: 'UserGuide', component: GuidePage,
    meta: { title: 'route.UserGuide', hidden: true, permissions: EVERYONE },
  },
  // Open to all four roles; drawn without the shell (RouteView's bare pages).
  { path: '/ops/celery/task/:id/log/', name: 'CeleryTaskLog', component: TaskLogPage, meta: { title: 'route.CeleryTaskLog', hidden: true, permissions: EVERYONE } },
]

const admin: RouteRecord[] = [
  {
    path: '/', redirect: '/dashboard', meta: { title: 'route.dashboard', permissions: [PERM.AUDIT] },
    children: [
      {
        path: 'dashboard', name: 'dashboard', component: DashboardPage,
        meta: { title: 'route.dashboard', icon: 'speedometer2', affix: true, permissions: [PERM.AUDIT] },
      },
    ],
  },
  usersRoutes,
  ...assetRoutes,
  applicationsRoutes,
  permsRoutes,
]

// Menu links into the terminal apps, computed when the menu is built (the origin is the page's).
const external = (path: string) => () => `${window.location.origin}${path}`

const user: RouteRecord[] = [
  ...userViewRoutes,
  {
    path: '/external-luna', external: external('/luna/'),
    meta: { title: 'route.WebTerminal', icon: 'box-arrow-up-right', permissions: [PERM.USE] },
  },
  {
    path: '/external-elfinder', external: external('/koko/elfinder/sftp/'),
    meta: { title: 'route.WebFTP', icon: 'box-arrow-up-right', permissions: [PERM.USE] },
  },
]

export const routeTable: RouteTable = { admin, user, constant }
