import type { ResourceDefinition, ResourceRouteKind } from '../resource/define.ts';
import { SUBPATH, routeName } from '../resource/names.ts';
import { pathOf } from '../routes.ts';
import { navigateHash } from '../ui/hash-location.ts';

/**
 * The address of a named route: from the route table when it is there (a page may have moved a
 * route), else from the definition's path, so an engine page also works outside the shell.
 */
export function resourcePath(definition: ResourceDefinition, kind: ResourceRouteKind, id?: string): string {
  const params: Record<string, string> = id === undefined ? {} : { id };
  let path: string;
  try {
    path = pathOf(routeName(definition, kind), params);
  } catch {
    const base = definition.path.replace(/\/+$/, '');
    const own = definition.paths?.[kind];
    const sub = SUBPATH[kind];
    path = (own ?? (sub ? `${base}/${sub}` : base)).replace(':id', encodeURIComponent(id ?? ''));
  }
  // A route without `:id` (Lina's app-permission `update`) carries the id in the query.
  const template = definition.paths?.[kind];
  return id !== undefined && template && !template.includes(':id') ? `${path}?id=${encodeURIComponent(id)}` : path;
}

export function goTo(definition: ResourceDefinition, kind: ResourceRouteKind, id?: string): void {
  navigateHash(resourcePath(definition, kind, id));
}

/** Row id as the API and the routes spell it. */
export const rowId = (row: { id?: unknown }): string => String(row.id ?? '');
