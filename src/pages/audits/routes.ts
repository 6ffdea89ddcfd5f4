import { PERM } from '../../core/permissions.ts';
import { lazyResourceRoutes } from '../../core/engine/lazy-routes.ts';
import type { RouteRecord } from '../../core/routes.ts';
import { AUDIT_ROUTES } from './section.ts';

/**
 * The Audits section (ROUTES.md): `/audits/` opens the login logs; each list is named as Lina names it
 * (LoginLog, FtpLog, OperateLog, PasswordChangeLog, BatchCommandLog), without the engine's List suffix.
 * The pages are the engines' list page: the section brings no page code of its own, and its list
 * definitions load with the first audit page opened (section.ts).
 */
export const auditsRoutes: RouteRecord = {
  path: '/audits',
  name: 'Audits',
  redirect: '/audits/login-log/',
  meta: { title: 'route.Audits', icon: 'journal-text', permissions: [PERM.AUDIT] },
  children: AUDIT_ROUTES.flatMap((routes) =>
    lazyResourceRoutes(routes, () => import('./audits.resource.ts').then((m) => m.auditList(routes.name))),
  ).map((route) => ({ ...route, name: route.name?.replace(/List$/, '') })),
};
