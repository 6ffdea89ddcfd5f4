import { PERM } from '../core/permissions.ts';
import type { RouteRecord, RouteTable } from '../core/routes.ts';
import { applicationsRoutes } from './applications/routes.ts';
import { assetRoutes } from './assets/routes.ts';
import { auditsRoutes } from './audits/routes.ts';
import { lazyComponent } from '../core/ui/lazy-component.ts';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { NotFoundPage } from './errors/NotFoundPage.tsx';
import { opsRoutes, userCommandExecutionsRoute } from './ops/routes.ts';
import { permsRoutes } from './perms/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { terminalRoutes } from './terminal/routes.ts';
import { adminTicketsRoutes, userTicketsRoutes } from './tickets/routes.ts';
import { usersRoutes } from './users/index.ts';
import { userViewRoutes } from './userviews/routes.ts';

// Pages that are nobody's usual first screen load on first use (core/ui/lazy-component.ts; the rule is in
// src/core/README.md "First load"): the admin's landing page (dashboard), the 404 page and the
// engines' list pages load with the console.
const LoginPage = lazyComponent(() => import('./auth/LoginPage.tsx').then((m) => m.LoginPage), 'LoginPage');
const GuidePage = lazyComponent(() => import('./first-login/GuidePage.tsx').then((m) => m.GuidePage), 'GuidePage');
const PersonalInfoPage = lazyComponent(
  () => import('./first-login/PersonalInfoPage.tsx').then((m) => m.PersonalInfoPage),
  'PersonalInfoPage',
);
const TaskLogPage = lazyComponent(() => import('./ops/TaskLogPage.tsx').then((m) => m.TaskLogPage), 'TaskLogPage');
const ProfilePage = lazyComponent(() => import('./profile/ProfilePage.tsx').then((m) => m.ProfilePage), 'ProfilePage');

// Paths and names follow ROUTES.md. Only pages that exist are listed: the other sections join the
// table with their issues, so the menu never leads to an empty page.

const EVERYONE: number[] = [];

const constant: RouteRecord[] = [
  {
    path: '/404',
    name: '404',
    component: NotFoundPage,
    meta: { title: 'route.404', hidden: true, permissions: EVERYONE },
  },
  {
    path: '/login',
    name: 'Login',
    component: LoginPage,
    meta: { title: 'route.Login', hidden: true, permissions: EVERYONE },
  },
  {
    path: '/users/profile/',
    name: 'UserProfile',
    component: ProfilePage,
    meta: { title: 'route.UserProfile', icon: 'person', hidden: true, permissions: EVERYONE },
  },
  {
    path: '/users/first-login/personal-information-improvement/',
    name: 'PersonalInformationImprovement',
    component: PersonalInfoPage,
    meta: { title: 'route.PersonalInformationImprovement', hidden: true, permissions: EVERYONE },
  },
  {
    path: '/users/first-login/guide/',
    name: 'UserGuide',
    component: GuidePage,
    meta: { title: 'route.UserGuide', hidden: true, permissions: EVERYONE },
  },
  // Open to all four roles; drawn without the shell (RouteView's bare pages).
  {
    path: '/ops/celery/task/:id/log/',
    name: 'CeleryTaskLog',
    component: TaskLogPage,
    meta: { title: 'route.CeleryTaskLog', hidden: true, permissions: EVERYONE },
  },
];

const admin: RouteRecord[] = [
  {
    path: '/',
    redirect: '/dashboard',
    meta: { title: 'route.dashboard', permissions: [PERM.AUDIT] },
    children: [
      {
        path: 'dashboard',
        name: 'dashboard',
        component: DashboardPage,
        meta: { title: 'route.dashboard', icon: 'speedometer2', affix: true, permissions: [PERM.AUDIT] },
      },
    ],
  },
  usersRoutes,
  ...assetRoutes,
  applicationsRoutes,
  permsRoutes,
  terminalRoutes,
  opsRoutes,
  adminTicketsRoutes,
  auditsRoutes,
  settingsRoutes,
];

// Menu links into the terminal apps, computed when the menu is built (the origin is the page's).
const external = (path: string) => () => `${window.location.origin}${path}`;

const user: RouteRecord[] = [
  ...userViewRoutes,
  userCommandExecutionsRoute,
  userTicketsRoutes,
  {
    path: '/external-luna',
    external: external('/luna/'),
    meta: { title: 'route.WebTerminal', icon: 'box-arrow-up-right', permissions: [PERM.USE] },
  },
  {
    path: '/external-elfinder',
    external: external('/koko/elfinder/sftp/'),
    meta: { title: 'route.WebFTP', icon: 'box-arrow-up-right', permissions: [PERM.USE] },
  },
];

export const routeTable: RouteTable = { admin, user, constant };
