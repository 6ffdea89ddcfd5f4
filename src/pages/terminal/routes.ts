import { PERM, SUPER_ADMIN_ONLY } from '../../core/permissions.ts';
import { lazyResourceRoutes } from '../../core/engine/lazy-routes.ts';
import type { RouteRecord } from '../../core/routes.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { COMMAND_ROUTES, COMMAND_STORAGE_ROUTES, REPLAY_STORAGE_ROUTES, TERMINAL_ROUTES } from './section.ts';

// Every page of the section loads on first use (src/core/README.md "First load"): the console's first
// load carries only this table and section.ts; the definitions, their messages and the pages come in
// chunks of their own, the engine's pages bound to their definition once it has arrived.
const SessionListPage = lazyComponent(
  () => import('./SessionListPage.tsx').then((m) => m.SessionListPage),
  'SessionListPage',
);
const SessionDetailPage = lazyComponent(
  () => import('./SessionDetailPage.tsx').then((m) => m.SessionDetailPage),
  'SessionDetailPage',
);
const StoragePage = lazyComponent(() => import('./StoragePage.tsx').then((m) => m.StoragePage), 'StoragePage');

const AUDIT = [PERM.AUDIT];
const SUPER = SUPER_ADMIN_ONLY;

/** ROUTES.md names the storage forms CreateXxx / XxxUpdate (not the engine's XxxCreate); no list of their own. */
function storageForms(records: RouteRecord[], stem: string): RouteRecord[] {
  const names: Record<string, string> = { [`${stem}Create`]: `Create${stem}`, [`${stem}Update`]: `${stem}Update` };
  return records
    .filter((record) => record.name && record.name in names)
    .map((record) => ({
      ...record,
      name: names[record.name!],
      meta: { ...record.meta!, hidden: true, activeMenu: '/terminal/terminal' },
    }));
}

// Menu links into the terminal apps, computed when the menu is built (the origin is the page's).
const loadedAt = Date.now();
const external = (path: string) => () => `${window.location.origin}${path}`;

/**
 * The Sessions section of the admin page (ROUTES.md, audit permission; terminals and storages for the
 * super admin). 2.3 redirected `/terminal/` to `/terminal/session-online/`, a path it did not have (its
 * bookmarks ended on the 404 page); ROUTES.md asks for the consistent form with the old path kept:
 * `/terminal/` opens the session list, and `/terminal/session-online/` its online tab.
 */
export const terminalRoutes: RouteRecord = {
  path: '/terminal',
  name: 'Sessions',
  redirect: '/terminal/session/',
  meta: { title: 'route.Sessions', icon: 'camera-video', permissions: AUDIT },
  children: [
    {
      path: '/terminal/session',
      name: 'SessionList',
      component: SessionListPage,
      meta: { title: 'route.SessionList', icon: 'camera-video', permissions: AUDIT },
    },
    {
      path: '/terminal/session-online',
      redirect: '/terminal/session/?activeTab=online',
      meta: { title: 'route.SessionList', hidden: true, permissions: AUDIT },
    },
    ...lazyResourceRoutes(COMMAND_ROUTES, () => import('./commands.resource.tsx').then((m) => m.commands)),
    {
      path: '/terminal/sessions/:id',
      name: 'SessionDetail',
      component: SessionDetailPage,
      meta: { title: 'route.SessionDetail', hidden: true, activeMenu: '/terminal/session', permissions: AUDIT },
    },
    {
      path: '/terminal/external-luna',
      name: 'WebTerminal',
      external: external(`/luna/?_=${loadedAt}`),
      meta: { title: 'route.WebTerminal', icon: 'box-arrow-up-right' },
    },
    {
      path: '/terminal/external-elfinder',
      name: 'FileManager',
      external: external('/koko/elfinder/sftp/?'),
      meta: { title: 'route.FileManager', icon: 'box-arrow-up-right' },
    },
    ...lazyResourceRoutes(TERMINAL_ROUTES, () => import('./terminals.resource.tsx').then((m) => m.terminals)),
    {
      path: '/terminal/storages',
      name: 'Storage',
      component: StoragePage,
      meta: { title: 'route.Storage', hidden: true, activeMenu: '/terminal/terminal', permissions: SUPER },
    },
    ...storageForms(
      lazyResourceRoutes(REPLAY_STORAGE_ROUTES, () => import('./storages.resource.ts').then((m) => m.replayStorages)),
      'ReplayStorage',
    ),
    ...storageForms(
      lazyResourceRoutes(COMMAND_STORAGE_ROUTES, () => import('./storages.resource.ts').then((m) => m.commandStorages)),
      'CommandStorage',
    ),
  ],
};
