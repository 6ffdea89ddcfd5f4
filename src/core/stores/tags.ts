import { atom } from 'nanostores';
import { normalizePath } from '../route-paths.ts';
import type { RouteMeta } from '../routes.ts';

export interface TagView {
  path: string;
  fullPath: string;
  name: string;
  query: Record<string, string>;
  title: string;
  meta: Partial<RouteMeta>;
}

/** The visited pages shown as tabs, keyed by path. */
export const $visitedViews = atom<TagView[]>([]);

const isAffix = (view: TagView) => view.meta?.affix === true;

/**
 * A view without a route name is not a page (redirects, 404 fall-through) and gets no tab. A page is
 * one tab however its address is written: `#/dashboard/` (a 2.3 bookmark) beside the affix
 * `/dashboard` showed 仪表盘 twice.
 */
export function addView(view: TagView): void {
  if (!view.name) return;
  const views = $visitedViews.get();
  const index = views.findIndex((v) => normalizePath(v.path) === normalizePath(view.path));
  if (index < 0) {
    $visitedViews.set([...views, view]);
    return;
  }
  const updated = { ...views[index], query: view.query, fullPath: view.fullPath };
  $visitedViews.set(views.map((v, i) => (i === index ? updated : v)));
}

/** Removes the view unless it is affixed; returns the remaining views. */
export function delView(view: Pick<TagView, 'path'>): TagView[] {
  const left = $visitedViews.get().filter((v) => v.path !== view.path || isAffix(v));
  $visitedViews.set(left);
  return left;
}

export function delOthersViews(view: Pick<TagView, 'path'>): TagView[] {
  const left = $visitedViews.get().filter((v) => v.path === view.path || isAffix(v));
  $visitedViews.set(left);
  return left;
}

export function delAllViews(): TagView[] {
  const left = $visitedViews.get().filter(isAffix);
  $visitedViews.set(left);
  return left;
}
