import { lazyResourceRoutes } from '../../core/engine/lazy-routes.ts';
import { PERM, SUPER_ADMIN_ONLY } from '../../core/permissions.ts';
import type { RouteRecord } from '../../core/routes.ts';
import type { PublicSettings } from '../../core/types.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { ADHOC_ROUTES, EXECUTION_ROUTES, TASK_ROUTES } from './section.ts';

// Ops / Job Center (ROUTES.md): TaskList, TaskDetail, AdhocDetail, HistoryExecutionDetail and the
// batch-command page, which the user page also has (`/command-executions/`). Both batch-command routes
// are dropped while the server's batch command setting is off. Everything loads on first use.
const BatchCommandPage = lazyComponent(
  () => import('./BatchCommandPage.tsx').then((m) => m.BatchCommandPage),
  'BatchCommandPage',
);
const definitions = () => import('./ops.resource.tsx');

const commandExecutionOff = (settings: PublicSettings) => settings.SECURITY_COMMAND_EXECUTION === false;

// The super admin's external task monitor (2.3 proxied Flower at /core/flower/), in a new tab; the address is
// the page's own origin, read when the menu is built.
const loadedAt = Date.now();
const taskMonitor = () => `${window.location.origin}/core/flower/?_=${loadedAt}`;

export const opsRoutes: RouteRecord = {
  path: '/ops',
  name: 'JobCenter',
  redirect: '/ops/tasks/',
  meta: { title: 'route.JobCenter', icon: 'list-task', alwaysShow: true },
  children: [
    ...lazyResourceRoutes(TASK_ROUTES, () => definitions().then((m) => m.tasks)),
    ...lazyResourceRoutes(ADHOC_ROUTES, () => definitions().then((m) => m.adhocs)),
    ...lazyResourceRoutes(EXECUTION_ROUTES, () => definitions().then((m) => m.executions)),
    {
      path: '/ops/command-executions/create',
      name: 'BatchCommand',
      component: BatchCommandPage,
      meta: { title: 'route.BatchCommand', icon: 'terminal', hidden: commandExecutionOff },
    },
    {
      path: '/ops/external-flower',
      name: 'TaskMonitor',
      external: taskMonitor,
      meta: { title: 'route.TaskMonitor', icon: 'box-arrow-up-right', permissions: SUPER_ADMIN_ONLY },
    },
  ],
};

/** The user page's batch commands (CommandExecutions). */
export const userCommandExecutionsRoute: RouteRecord = {
  path: '/command-executions',
  name: 'CommandExecutions',
  component: BatchCommandPage,
  meta: { title: 'route.CommandExecutions', icon: 'terminal', permissions: [PERM.USE], hidden: commandExecutionOff },
};
