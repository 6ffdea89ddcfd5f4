import { createElement } from 'react';
import type { ResourceDefinition } from '../resource/define.ts';
import { SUBPATH, hasRoute, pageTitle, routeName } from '../resource/names.ts';
import type { PageComponent, PageProps, RouteRecord } from '../routes.ts';
import { ENGINE_PAGES, type ResourceEarly, type ResourcePages } from './pages.ts';

// Route records are built here, on the engine side, so a definition stays data that knows no page:
// pages → engine → resource (STYLE.md).

/**
 * The route records of one resource, for src/pages' table: absolute paths `<path>`, `<path>/create`,
 * `<path>/:id/update`, `<path>/:id`; only the list is in the menu. Literal routes come before
 * `:id` so a table scanned in order still sends `create` to the form.
 */
export function resourceRouteRecords(definition: ResourceDefinition, pages: ResourcePages): RouteRecord[] {
  const base = definition.path.replace(/\/+$/, '');
  const kinds = (['list', 'create', 'update', 'detail'] as const).filter((kind) => hasRoute(definition, kind));
  return kinds.map((kind) => {
    const Page = pages[kind];
    const component: PageComponent = (props: PageProps) => createElement(Page, { ...props, resource: definition });
    component.displayName = `${routeName(definition, kind)}Page`;
    const early = (Page as PageComponent & { sendEarlyFor?: ResourceEarly }).sendEarlyFor;
    if (early) component.sendEarly = (search) => early(definition, search);
    return {
      path: definition.paths?.[kind] ?? (SUBPATH[kind] ? `${base}/${SUBPATH[kind]}` : base),
      name: routeName(definition, kind),
      component,
      meta: {
        title: pageTitle(definition, kind),
        icon: kind === 'list' ? definition.icon : undefined,
        hidden: kind !== 'list',
        activeMenu: kind === 'list' ? undefined : base,
        permissions: definition.perm,
      },
    };
  });
}

/** The four engine pages bound to a definition: what src/pages puts in its route table. */
export function resourceRoutes(definition: ResourceDefinition): RouteRecord[] {
  return resourceRouteRecords(definition, ENGINE_PAGES);
}
