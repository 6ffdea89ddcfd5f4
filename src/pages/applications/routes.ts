import { lazyResourceRoutes } from '../../core/engine/lazy-routes.ts';
import type { RouteRecord } from '../../core/routes.ts';
import { licensed } from '../perms/licensed.ts';
import { DATABASE_APP, KUBERNETES_APP, REMOTE_APP } from './section.ts';

const definitions = () => import('./applications.resource.ts');

/**
 * The Applications section (ROUTES.md): always shown as a group; remote apps need the licence. Its
 * definitions load with its first page (section.ts).
 */
export const applicationsRoutes: RouteRecord = {
  path: '/applications',
  name: 'applications',
  redirect: '/applications/remote-apps/',
  meta: { title: 'route.applications', icon: 'grid', alwaysShow: true },
  children: [
    ...licensed(lazyResourceRoutes(REMOTE_APP, () => definitions().then((m) => m.remoteApps))),
    ...lazyResourceRoutes(DATABASE_APP, () => definitions().then((m) => m.databaseApps)),
    ...lazyResourceRoutes(KUBERNETES_APP, () => definitions().then((m) => m.kubernetesApps)),
  ],
};
