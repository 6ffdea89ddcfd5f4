import { atom } from 'nanostores';
import type { ComponentType } from 'react';
import { PERM, hasPermission } from './permissions.ts';
import type { PublicSettings } from './types.ts';

export { siblingName, isId, type RouteKind } from './route-names.ts';
export { normalizePath, joinPath } from './route-paths.ts';
import { joinPath, normalizePath } from './route-paths.ts';

export interface RouteMeta {
  /** An i18n key; core ships `route.<RouteName>` for every route of ROUTES.md. */
  title: string;
  icon?: string;
  affix?: boolean;
  activeMenu?: string;
  /** true: routable but not in the menu; a function: dropped entirely when it returns true. */
  hidden?: boolean | ((settings: PublicSettings) => boolean);
  alwaysShow?: boolean;
  /** Any one of these bits admits the role; default [PERM.ADMIN]. */
  permissions?: number[];
  licenseRequired?: boolean;
  activeTabs?: boolean;
}

export interface PageProps {
  params: Record<string, string>;
  route?: FlatRoute;
}

/**
 * A route's page. `sendEarly` starts the calls the page makes first, for the page to take when it
 * renders (engine/early.ts): the console calls it once the guard has settled, before the shell renders.
 */
export type PageComponent = ComponentType<PageProps> & { sendEarly?: (search: string) => void };

export interface RouteRecord {
  /** Absolute ('/users') or relative to the parent ('create', ':id/update', ''). */
  path: string;
  name?: string;
  component?: PageComponent;
  redirect?: string;
  /** A menu link leaving the console (Luna, KoKo, Flower); computed when the menu is built. */
  external?: () => string;
  meta?: RouteMeta;
  children?: RouteRecord[];
}

export interface FlatRoute {
  record: RouteRecord;
  /** Normalised: joined with the parents, no trailing slash except for '/'. */
  fullPath: string;
  name?: string;
  meta?: RouteMeta;
  parents: RouteRecord[];
}

export interface RouteTable {
  admin: RouteRecord[];
  user: RouteRecord[];
  constant: RouteRecord[];
}

/** The page route table, handed over by src/pages (core never imports pages). */
export const $routeTable = atom<RouteTable>({ admin: [], user: [], constant: [] });
/** The routes the current role may open; set by generateRoutes() in guard.ts. */
export const $routes = atom<RouteRecord[]>([]);

export function setRouteTable(table: RouteTable): void {
  $routeTable.set(table);
}

export function filterRoutes(records: RouteRecord[], role: number, settings: PublicSettings): RouteRecord[] {
  const allowed: RouteRecord[] = [];
  for (const record of records) {
    const meta = record.meta;
    if (!hasPermission(role, meta?.permissions ?? [PERM.ADMIN])) continue;
    if (typeof meta?.hidden === 'function' && meta.hidden(settings)) continue;
    if (meta?.licenseRequired && settings.XPACK_LICENSE_IS_VALID !== true) continue;
    const children = record.children && filterRoutes(record.children, role, settings);
    allowed.push(children ? { ...record, children } : record);
  }
  return allowed;
}

export function flattenRoutes(records: RouteRecord[], parentPath = '/', parents: RouteRecord[] = []): FlatRoute[] {
  return records.flatMap((record) => {
    const fullPath = joinPath(parentPath, record.path);
    const flat: FlatRoute = { record, fullPath, name: record.name, meta: record.meta, parents };
    const children = flattenRoutes(record.children ?? [], fullPath, [...parents, record]);
    return [flat, ...children];
  });
}

const CATCH_ALL = /^(\*|:\w+\(\.\*\)\*?|\(\.\*\))$/;

/** Static segments beat params, params beat a catch-all; on a tie the deeper record wins. */
function matchScore(pattern: string, path: string, params: Record<string, string>): number {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  let score = 0;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (CATCH_ALL.test(segment)) return i === want.length - 1 ? score : -1;
    if (i >= have.length) return -1;
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = decodeURIComponent(have[i]);
      score += 2;
    } else if (segment === have[i]) {
      score += 3;
    } else {
      return -1;
    }
  }
  return want.length === have.length ? score + 1 : -1;
}

export function matchRoute(
  flat: FlatRoute[],
  path: string,
): { route: FlatRoute; params: Record<string, string> } | null {
  const target = normalizePath(path.split(/[?#]/)[0]);
  let best: { route: FlatRoute; params: Record<string, string>; score: number } | null = null;
  for (const route of flat) {
    if (route.record.external) continue;
    const params: Record<string, string> = {};
    const score = matchScore(route.fullPath, target, params);
    if (score >= 0 && (!best || score >= best.score)) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/**
 * Where a redirecting route leads for this caller: its target when that is among `flat` (the allowed
 * routes), else its first child page that is (a bookmark of `/applications/` without the licence
 * opens the database apps rather than the 404 page), else null.
 */
export function redirectPath(flat: FlatRoute[], route: FlatRoute): string | null {
  const target = route.record.redirect;
  if (!target) return null;
  const found = matchRoute(flat, target);
  // A catch-all (`*` → /404) is not the page the redirect meant.
  if (found && !CATCH_ALL.test(found.route.fullPath.split('/').pop() ?? '')) return target;
  const child = flat.find(
    (r) =>
      r.parents.includes(route.record) &&
      r.record.component &&
      r.meta?.hidden !== true &&
      !r.record.external &&
      !r.fullPath.includes(':'),
  );
  return child ? child.fullPath : null;
}

// pathOf() runs for every link a list row draws: flatten the four route lists once per change of
// them, not once per call (that measured ~18 ms of a 15-row list's first render).
let namedCache: { sources: RouteRecord[][]; byName: Map<string, FlatRoute> } | null = null;

function routesByName(): Map<string, FlatRoute> {
  const table = $routeTable.get();
  const sources = [$routes.get(), table.constant, table.admin, table.user];
  if (namedCache && namedCache.sources.every((list, i) => list === sources[i])) return namedCache.byName;
  const byName = new Map<string, FlatRoute>();
  // The first route with a name wins, as the allowed routes come before the whole table.
  for (const route of sources.flatMap((r) => flattenRoutes(r)))
    if (route.name && !byName.has(route.name)) byName.set(route.name, route);
  namedCache = { sources, byName };
  return byName;
}

/** Path of a named route among the allowed routes (else the whole table), params filled in. */
export function pathOf(name: string, params: Record<string, string | number> = {}): string {
  const route = routesByName().get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route.fullPath.replace(/:(\w+)/g, (_, key: string) =>
    key in params ? encodeURIComponent(String(params[key])) : `:${key}`,
  );
}

/** The first load's page starts its calls while the shell renders (PageComponent.sendEarly). */
export function sendPageCallsEarly(path: string, search: string): void {
  matchRoute(flattenRoutes($routes.get()), path)?.route.record.component?.sendEarly?.(search);
}
