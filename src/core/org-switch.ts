import { $routes, flattenRoutes, isId, matchRoute, pathOf, siblingName, type RouteRecord } from './routes.ts';

const objectFree = (routes: RouteRecord[], path: string | undefined): string | null => {
  if (!path) return null;
  const match = matchRoute(flattenRoutes(routes), path);
  // A path only the catch-all (or another object page) matches is no place to land.
  return match && !/[:*(]/.test(match.route.fullPath) ? match.route.fullPath : null;
};

/**
 * Where the console goes after the user switches org. An object's page (detail, update, or a form
 * whose query names a parent object) shows an object of the old org, which the new one does not
 * hold: go to the section's list instead (2.3 leaves any address naming an object), else to '/'.
 * Any other page simply reloads where it is.
 */
export function pathAfterOrgSwitch(fullPath: string, routes: RouteRecord[] = $routes.get()): string {
  const [path, query = ''] = fullPath.split('?');
  const match = matchRoute(flattenRoutes(routes), path);
  const namesObject =
    Object.keys(match?.params ?? {}).length > 0 || [...new URLSearchParams(query).values()].some(isId);
  if (!namesObject) return fullPath;
  let list: string | undefined;
  try {
    list = match?.route.name ? pathOf(siblingName(match.route.name, 'List')) : undefined;
  } catch {
    list = undefined; // no list route of that name: fall back to the page's menu entry
  }
  return objectFree(routes, list) ?? objectFree(routes, match?.route.meta?.activeMenu) ?? '/';
}
