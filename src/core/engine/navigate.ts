import type { ResourceDefinition, ResourceRouteKind } from '../resource/define.ts'
import { SUBPATH, routeName } from '../resource/names.ts'
import { pathOf } from '../routes.ts'
import { navigateHash } from '../ui/hash-location.ts'

/**
 * The address of a named route: from the route table when it is there (a page may have moved a
 * route), else from the definition's path, so an engine page also works outside the shell.
 */
export function resourcePath(definition: ResourceDefinition, kind: ResourceRouteKind, id?: string): string {
  const params: Record<string, string> = id === undefined ? {} : { id }
  try {
    return pathOf(routeName(definition, kind), params)
  } catch {
    const base = definition.path.replace(/\/+$/, '')
    const sub = SUBPATH[kind].replace(':id', encodeURIComponent(id ?? ''))
    return sub ? `${base}/${sub}` : base
  }
}

export function goTo(definition: ResourceDefinition, kind: ResourceRouteKind, id?: string): void {
  navigateHash(resourcePath(definition, kind, id))
}

/** Row id as the API and the routes spell it. */
export const rowId = (row: { id?: unknown }): string => String(row.id ?? '')
