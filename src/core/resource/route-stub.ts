import type { ResourceDefinition } from './define.ts';

// A section whose definitions load with its first page (src/core/README.md "First load"): the route
// table keeps only what it needs of each resource (name, url, path, permissions, routes, titles), and
// the definition (columns, forms, actions, their messages) comes in the page's chunk
// (engine/lazy-routes.ts builds its routes).

/** What the route table needs of a resource: all of its definition but the list, form and detail. */
export type ResourceRoutesStub = Omit<ResourceDefinition, 'list' | 'form' | 'detail'>;

/** The stub as a definition the route machinery accepts; its pages never read `list` (they get the loaded one). */
export const routeStub = (routes: ResourceRoutesStub): ResourceDefinition => ({ ...routes, list: { columns: [] } });
