import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { $routeTable, $routes, flattenRoutes, matchRoute, redirectPath, type FlatRoute } from '../routes.ts';
import { hashSearch, useConsoleLocation } from './hash-location.ts';
import { BARE_ROUTE_NAMES, useRouteEffects } from './route-effects.ts';
import { Shell } from './Shell.tsx';

const REDIRECT_PREFIX = '/redirect/';

/** Renders the allowed route for the hash path: redirects, the `/redirect/*` trick, else /404. */
export function RouteView({ ownsPage }: { ownsPage: boolean }) {
  const [path, navigate] = useConsoleLocation();
  const routes = useStore($routes);
  const table = useStore($routeTable);
  // Before the guard (public pages) only the constant routes are known.
  const flat = useMemo(() => flattenRoutes(routes.length > 0 ? routes : table.constant), [routes, table]);
  const match = path.startsWith(REDIRECT_PREFIX) ? null : matchRoute(flat, path);
  const target = redirectTarget(path, flat, match?.route ?? null);

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  useRouteEffects(target ? null : match, ownsPage);

  if (target || !match) return null;
  const Page = match.route.record.component;
  if (!Page) return null;
  const page = <Page params={match.params} route={match.route} />;
  if (match.route.name && BARE_ROUTE_NAMES.has(match.route.name)) return page;
  return (
    <Shell activePath={match.route.meta?.activeMenu ?? match.route.fullPath} title={match.route.meta?.title}>
      {page}
    </Shell>
  );
}

function redirectTarget(path: string, flat: FlatRoute[], route: FlatRoute | null): string | null {
  // Tag "Refresh": /redirect/<fullPath> remounts the page by passing through another path.
  if (path.startsWith(REDIRECT_PREFIX)) {
    const rest = path.slice(REDIRECT_PREFIX.length - 1);
    const query = hashSearch();
    return query ? `${rest}?${query}` : rest;
  }
  if (!route) return '/404';
  if (!route.record.redirect) return null;
  return redirectPath(flat, route) ?? '/404';
}
