import { useSyncExternalStore } from 'react';
import { activeLocation } from '../location.ts';

// The console keeps its query inside its route (`/ui/#/users/users/?search=a`), like the reference
// console's vue-router hash mode and core's currentFullPath(). wouter's own hash hook writes the
// query into location.search instead, which old bookmarks would not match, hence this small hook.
// The route lives in the address hash on the standalone page and in memory inside a host page
// (location.ts); these names stay, every page goes through them.

const subscribe = (onChange: () => void) => activeLocation().subscribe(onChange);

export const hashPath = (): string => activeLocation().fullPath().split('?')[0] || '/';
export const hashSearch = (): string => activeLocation().fullPath().split('?')[1] ?? '';

export function navigateHash(to: string, options: { replace?: boolean } = {}): void {
  activeLocation().navigate(to, options);
}

export function useConsoleLocation(): [string, typeof navigateHash] {
  return [useSyncExternalStore(subscribe, hashPath), navigateHash];
}
useConsoleLocation.hrefs = (href: string) => activeLocation().href(href);

export function useConsoleSearch(): string {
  return useSyncExternalStore(subscribe, hashSearch);
}

/** The route's query as a plain object (`activeTab`, `next`, list filters). */
export function useQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(useConsoleSearch()));
}
