import { resourceRoutes } from '../../core/resource/define.ts'
import type { RouteRecord } from '../../core/routes.ts'
import { licensed } from '../perms/licensed.ts'
import { databaseApps, kubernetesApps, remoteApps } from './applications.resource.ts'
import './i18n.ts'

/** The Applications section (ROUTES.md): always shown as a group; remote apps need the licence. */
export const applicationsRoutes: RouteRecord = {
  path: '/applications', name: 'applications', redirect: '/applications/remote-apps/',
  meta: { title: 'route.applications', icon: 'grid', alwaysShow: true },
  children: [...licensed(resourceRoutes(remoteApps)), ...resourceRoutes(databaseApps), ...resourceRoutes(kubernetesApps)],
}
