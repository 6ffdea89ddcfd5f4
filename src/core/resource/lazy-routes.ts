import { createElement } from 'react'
import { ENGINE_PAGES } from '../engine/pages.ts'
import type { PageProps, RouteRecord } from '../routes.ts'
import { lazyComponent } from '../ui/lazy-component.ts'
import { resourceRouteRecords, type ResourceDefinition, type ResourcePages, type ResourceRouteKind } from './define.ts'

// A section whose definitions load with its first page (src/core/README.md "First load"): the route
// table keeps only what it needs of each resource (name, url, path, permissions, routes, titles), and
// the definition (columns, forms, actions, their messages) comes in the page's chunk.

/** What the route table needs of a resource: all of its definition but the list, form and detail. */
export type ResourceRoutesStub = Omit<ResourceDefinition, 'list' | 'form' | 'detail'>

/** The stub as a definition the route machinery accepts; its pages never read `list` (they get the loaded one). */
export const routeStub = (routes: ResourceRoutesStub): ResourceDefinition => ({ ...routes, list: { columns: [] } })

/** The engine's pages for a definition that loads on first use: each waits for it, then draws with it. */
export function lazyEnginePages(name: string, load: () => Promise<ResourceDefinition>): ResourcePages {
  const page = (kind: ResourceRouteKind) => lazyComponent<PageProps & { resource: ResourceDefinition }>(() => load().then((resource) => {
    const Page = (props: PageProps) => createElement(ENGINE_PAGES[kind], { ...props, resource })
    Page.displayName = `${name}${kind}`
    return Page
  }), `${name}-${kind}`)
  return { list: page('list'), create: page('create'), update: page('update'), detail: page('detail') }
}

/** `resourceRoutes` for a resource whose definition `load` brings on first use. */
export function lazyResourceRoutes(routes: ResourceRoutesStub, load: () => Promise<ResourceDefinition>): RouteRecord[] {
  return resourceRouteRecords(routeStub(routes), lazyEnginePages(routes.name, load))
}
