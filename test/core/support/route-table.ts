// A slice of the reference console's route table (ROUTES.md), enough to exercise every rule.
import { PERM } from '../../../src/core/permissions.ts';
import type { RouteRecord, RouteTable } from '../../../src/core/routes.ts';
import type { PublicSettings } from '../../../src/core/types.ts';

const crud = (base: string, prefix: string): RouteRecord[] =>
  [
    { path: '', name: `${prefix}List`, meta: { title: `route.${prefix}List` } },
    { path: 'create', name: `${prefix}Create`, meta: { title: `route.${prefix}Create`, hidden: true } },
    { path: ':id/update', name: `${prefix}Update`, meta: { title: `route.${prefix}Update`, hidden: true } },
    { path: ':id', name: `${prefix}Detail`, meta: { title: `route.${prefix}Detail`, hidden: true } },
  ].map((r) => ({ ...r, path: r.path ? `${base}/${r.path}` : base }));

export const adminRoutes: RouteRecord[] = [
  {
    path: '/',
    redirect: '/dashboard',
    meta: { title: 'route.dashboard', permissions: [PERM.AUDIT] },
    children: [
      {
        path: 'dashboard',
        name: 'dashboard',
        meta: { title: 'route.dashboard', icon: 'speedometer', permissions: [PERM.AUDIT], affix: true },
      },
    ],
  },
  {
    path: '/users',
    name: 'Users',
    redirect: '/users/users/',
    meta: { title: 'route.Users', icon: 'people' },
    children: [...crud('users', 'User'), ...crud('groups', 'UserGroup')],
  },
  {
    path: '/applications',
    name: 'applications',
    redirect: '/applications/remote-apps/',
    meta: { title: 'route.applications', alwaysShow: true },
    children: [
      { path: 'remote-apps', name: 'RemoteAppList', meta: { title: 'route.RemoteAppList', licenseRequired: true } },
      { path: 'database-apps', name: 'DatabaseAppList', meta: { title: 'route.DatabaseAppList' } },
    ],
  },
  {
    path: '/ops',
    name: 'JobCenter',
    meta: { title: 'route.JobCenter', alwaysShow: true },
    children: [
      { path: 'tasks', name: 'TaskList', meta: { title: 'route.TaskList' } },
      {
        path: 'command-executions/create',
        name: 'BatchCommand',
        meta: { title: 'route.BatchCommand', hidden: (s: PublicSettings) => !s.SECURITY_COMMAND_EXECUTION },
      },
      {
        path: 'flower',
        name: 'TaskMonitor',
        external: () => `${location.origin}/core/flower?_=1`,
        meta: { title: 'route.TaskMonitor', permissions: [PERM.SUPER] },
      },
    ],
  },
  {
    path: '/audits',
    name: 'Audits',
    meta: { title: 'route.Audits', permissions: [PERM.AUDIT] },
    children: [{ path: 'login-log', name: 'LoginLog', meta: { title: 'route.LoginLog', permissions: [PERM.AUDIT] } }],
  },
  {
    path: '/settings',
    meta: { title: 'route.Settings', permissions: [PERM.SUPER] },
    children: [
      { path: '', name: 'Settings', meta: { title: 'route.Settings', icon: 'gear', permissions: [PERM.SUPER] } },
    ],
  },
  { path: '*', redirect: '/404', meta: { title: 'route.404', hidden: true } },
];

export const userRoutes: RouteRecord[] = [
  { path: '/', name: 'MyAssets', meta: { title: 'route.MyAssets', permissions: [PERM.USE] } },
  {
    path: '/command-executions',
    name: 'CommandExecutions',
    meta: {
      title: 'route.CommandExecutions',
      permissions: [PERM.USE],
      hidden: (s: PublicSettings) => !s.SECURITY_COMMAND_EXECUTION,
    },
  },
];

export const constantRoutes: RouteRecord[] = [
  { path: '/404', name: '404', meta: { title: 'route.404', hidden: true } },
  { path: '/users/profile', name: 'UserProfile', meta: { title: 'route.UserProfile', hidden: true } },
];

export const table: RouteTable = { admin: adminRoutes, user: userRoutes, constant: constantRoutes };
