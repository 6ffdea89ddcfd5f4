import { createElement } from 'react'
import { ENGINE_PAGES } from '../../core/engine/pages.ts'
import { PERM } from '../../core/permissions.ts'
import type { ResourceDefinition, ResourcePages, ResourceRouteKind } from '../../core/resource/define.ts'
import type { PageProps } from '../../core/routes.ts'
import { lazyComponent } from '../../core/ui/lazy-component.ts'

// What the route table needs of the section's resources, and nothing more: names, paths, permissions.
// The definitions (columns, forms, actions, their messages) extend these and load with the section's
// first page, so the console's first load only carries this file and routes.ts.

export const API = {
  sessions: '/api/v1/terminal/sessions/',
  commands: '/api/v1/terminal/commands/',
  terminals: '/api/v1/terminal/terminals/',
  replayStorages: '/api/v1/terminal/replay-storages/',
  commandStorages: '/api/v1/terminal/command-storages/',
  killSession: '/api/v1/terminal/tasks/kill-session/',
} as const

type RouteStub = Omit<ResourceDefinition, 'list' | 'form' | 'detail'>

export const COMMAND_ROUTES = {
  name: 'Command', url: API.commands, path: '/terminal/command', perm: [PERM.AUDIT], icon: 'terminal', routes: ['list'],
} satisfies RouteStub

export const TERMINAL_ROUTES = {
  name: 'Terminal', url: API.terminals, path: '/terminal/terminal', perm: [PERM.SUPER], icon: 'hdd-network',
  routes: ['list', 'update', 'detail'],
} satisfies RouteStub

export const REPLAY_STORAGE_ROUTES = {
  name: 'ReplayStorage', url: API.replayStorages, path: '/terminal/replay-storage', perm: [PERM.SUPER],
  routes: ['list', 'create', 'update'],
  paths: { list: '/terminal/storages?activeTab=replay' },
  title: { create: 'route.CreateReplayStorage', update: 'route.ReplayStorageUpdate' },
} satisfies RouteStub

export const COMMAND_STORAGE_ROUTES = {
  name: 'CommandStorage', url: API.commandStorages, path: '/terminal/command-storage', perm: [PERM.SUPER],
  routes: ['list', 'create', 'update'],
  paths: { list: '/terminal/storages?activeTab=command' },
  title: { create: 'route.CreateCommandStorage', update: 'route.CommandStorageUpdate' },
} satisfies RouteStub

/** A stub the route machinery accepts: its pages never read `list` (they get the loaded definition). */
export const stub = (routes: RouteStub): ResourceDefinition => ({ ...routes, list: { columns: [] } })

/**
 * The engine's pages for a definition that loads on first use: each page waits for the definition's
 * module, then draws the engine page with it (resourceRouteRecords passes the stub, which is replaced).
 */
export function lazyEnginePages(name: string, load: () => Promise<ResourceDefinition>): ResourcePages {
  const page = (kind: ResourceRouteKind) => lazyComponent<PageProps & { resource: ResourceDefinition }>(() => load().then((resource) => {
    const Page = (props: PageProps) => createElement(ENGINE_PAGES[kind], { ...props, resource })
    Page.displayName = `${name}${kind}`
    return Page
  }), `${name}-${kind}`)
  return { list: page('list'), create: page('create'), update: page('update'), detail: page('detail') }
}
