import type { ResourceDefinition, ResourceRouteKind } from './define.ts'

// Route names and titles of a resource (spec §2: List/Create/Update/Detail by suffix).

const SUFFIX: Record<ResourceRouteKind, string> = { list: 'List', create: 'Create', update: 'Update', detail: 'Detail' }
export const SUBPATH: Record<ResourceRouteKind, string> = { list: '', create: 'create', update: ':id/update', detail: ':id' }

export function routeName(definition: ResourceDefinition, kind: ResourceRouteKind): string {
  return `${definition.name}${SUFFIX[kind]}`
}

export function pageTitle(definition: ResourceDefinition, kind: ResourceRouteKind): string {
  return definition.title?.[kind] ?? `route.${routeName(definition, kind)}`
}

export function hasRoute(definition: ResourceDefinition, kind: ResourceRouteKind): boolean {
  return (definition.routes ?? ['list', 'create', 'update', 'detail']).includes(kind)
}

