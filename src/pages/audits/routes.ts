import { PERM } from '../../core/permissions.ts'
import { resourceRoutes } from '../../core/resource/define.ts'
import type { RouteRecord } from '../../core/routes.ts'
import { AUDIT_LISTS } from './audits.resource.ts'

/**
 * The Audits section (ROUTES.md): `/audits/` opens the login logs; each list is named as Lina names it
 * (LoginLog, FtpLog, OperateLog, PasswordChangeLog, BatchCommandLog), without the engine's List suffix.
 * The pages are the engines' list page: the section brings no page code of its own.
 */
export const auditsRoutes: RouteRecord = {
  path: '/audits', name: 'Audits', redirect: '/audits/login-log/', meta: { title: 'route.Audits', icon: 'journal-text', permissions: [PERM.AUDIT] },
  children: AUDIT_LISTS.flatMap(resourceRoutes).map((route) => ({ ...route, name: route.name?.replace(/List$/, '') })),
}
