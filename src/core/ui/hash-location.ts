import { useSyncExternalStore } from 'react'
import { currentFullPath } from '../navigation.ts'

// The console keeps its query inside the hash (`/ui/#/users/users/?search=a`), like the reference
// console's vue-router hash mode and core's currentFullPath(). wouter's own hash hook writes the
// query into location.search instead, which old bookmarks would not match, hence this small hook.

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  window.addEventListener('popstate', onChange)
  return () => {
    window.removeEventListener('hashchange', onChange)
    window.removeEventListener('popstate', onChange)
  }
}

export const hashPath = (): string => currentFullPath().split('?')[0] || '/'
export const hashSearch = (): string => currentFullPath().split('?')[1] ?? ''

export function navigateHash(to: string, options: { replace?: boolean } = {}): void {
  const oldURL = window.location.href
  const url = new URL(oldURL)
  url.hash = to.startsWith('/') ? to : `/${to}`
  if (url.href === oldURL) return
  if (options.replace) window.history.replaceState(null, '', url.href)
  else window.history.pushState(null, '', url.href)
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }))
}

export function useConsoleLocation(): [string, typeof navigateHash] {
  return [useSyncExternalStore(subscribe, hashPath), navigateHash]
}
useConsoleLocation.hrefs = (href: string) => `#${href}`

export function useConsoleSearch(): string {
  return useSyncExternalStore(subscribe, hashSearch)
}

/** The hash query as a plain object (`activeTab`, `next`, list filters). */
export function useQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(useConsoleSearch()))
}
