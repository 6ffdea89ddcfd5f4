import type { ResourceDefinition, ResourceRouteKind } from './define.ts';

// Route names and titles of a resource (spec §2: List/Create/Update/Detail by suffix).

const SUFFIX: Record<ResourceRouteKind, string> = {
  list: 'List',
  create: 'Create',
  update: 'Update',
  detail: 'Detail',
};
export const SUBPATH: Record<ResourceRouteKind, string> = {
  list: '',
  create: 'create',
  update: ':id/update',
  detail: ':id',
};

export function routeName(definition: ResourceDefinition, kind: ResourceRouteKind): string {
  return `${definition.name}${SUFFIX[kind]}`;
}

export function pageTitle(definition: ResourceDefinition, kind: ResourceRouteKind): string {
  return definition.title?.[kind] ?? `route.${routeName(definition, kind)}`;
}

export function hasRoute(definition: ResourceDefinition, kind: ResourceRouteKind): boolean {
  return (definition.routes ?? ['list', 'create', 'update', 'detail']).includes(kind);
}

/** Spec §2: detail titles longer than 80 characters are cut and end with '...'. */
export const TITLE_MAX = 80;

export function truncateTitle(title: string, max = TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

/**
 * The generic detail page's API URL: `/api/v1` + the page path + '/' (UI paths mirror REST);
 * organisation pages read `/api/v1/orgs/orgs/{id}/`.
 */
export function detailApiUrl(pagePath: string, id: string): string {
  const path = pagePath.split('?')[0].replace(/\/+$/, '');
  if (/(^|\/)orgs(\/|$)/.test(path)) return `/api/v1/orgs/orgs/${id}/`;
  return `/api/v1${path}/`;
}
