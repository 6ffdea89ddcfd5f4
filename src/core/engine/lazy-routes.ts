import { createElement } from 'react';
import type { ResourceDefinition, ResourceRouteKind } from '../resource/define.ts';
import { routeStub, type ResourceRoutesStub } from '../resource/route-stub.ts';
import type { PageProps, RouteRecord } from '../routes.ts';
import { lazyComponent } from '../ui/lazy-component.ts';
import { ENGINE_PAGES, type ResourcePages } from './pages.ts';
import { resourceRouteRecords } from './resource-routes.ts';

// The routes of a resource whose definition loads with its first page (resource/route-stub.ts): the
// table holds the stub, and each engine page waits for the definition before it draws.

/**
 * The engine's pages for a definition that loads on first use: each waits for it, then draws with it.
 * Opened first, the list asks for its definition as soon as the guard has settled and sends its first
 * calls when it arrives (the engine list's own `sendEarlyFor`), instead of once the shell has rendered.
 */
export function lazyEnginePages(name: string, load: () => Promise<ResourceDefinition>): ResourcePages {
  const page = (kind: ResourceRouteKind) =>
    lazyComponent<PageProps & { resource: ResourceDefinition }>(
      () =>
        load().then((resource) => {
          const Page = (props: PageProps) => createElement(ENGINE_PAGES[kind], { ...props, resource });
          Page.displayName = `${name}${kind}`;
          return Page;
        }),
      `${name}-${kind}`,
    );
  const list: ResourcePages['list'] = page('list');
  const early = ENGINE_PAGES.list.sendEarlyFor;
  if (early)
    list.sendEarlyFor = (_stub, search) =>
      void load().then(
        (resource) => early(resource, search),
        () => undefined,
      );
  return { list, create: page('create'), update: page('update'), detail: page('detail') };
}

/** `resourceRoutes` for a resource whose definition `load` brings on first use. */
export function lazyResourceRoutes(routes: ResourceRoutesStub, load: () => Promise<ResourceDefinition>): RouteRecord[] {
  return resourceRouteRecords(routeStub(routes), lazyEnginePages(routes.name, load));
}
