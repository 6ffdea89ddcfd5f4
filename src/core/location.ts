// Where the console keeps its route (`/users/users/?search=a`). The standalone page keeps it in the
// address hash, as Lina's hash router did; a console embedded in another page keeps it in memory, so
// the host's address and history stay the host's. Pages never ask which: they go through the active
// location (hash-location.ts, navigation.ts).

export interface ConsoleLocation {
  readonly kind: 'hash' | 'memory';
  /** The route with its query, e.g. `/users/users/?search=a`. */
  fullPath(): string;
  navigate(to: string, options?: { replace?: boolean }): void;
  subscribe(onChange: () => void): () => void;
  /** What a link to `path` carries as its href (opened in a new tab, it must still land there). */
  href(path: string): string;
}

const withSlash = (to: string) => (to.startsWith('/') ? to : `/${to}`);

export const hashLocation: ConsoleLocation = {
  kind: 'hash',
  fullPath() {
    const hash = window.location.hash;
    return hash.startsWith('#/') ? hash.slice(1) : '/';
  },
  navigate(to, options = {}) {
    const oldURL = window.location.href;
    const url = new URL(oldURL);
    url.hash = withSlash(to);
    if (url.href === oldURL) return;
    if (options.replace) window.history.replaceState(null, '', url.href);
    else window.history.pushState(null, '', url.href);
    window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
  },
  subscribe(onChange) {
    window.addEventListener('hashchange', onChange);
    window.addEventListener('popstate', onChange);
    return () => {
      window.removeEventListener('hashchange', onChange);
      window.removeEventListener('popstate', onChange);
    };
  },
  href: (path) => `#${path}`,
};

/** A route held in memory: the host page's address, history and hash are never touched. */
export function memoryLocation(start = '/', home = '/ui/'): ConsoleLocation {
  let current = withSlash(start);
  const listeners = new Set<() => void>();
  return {
    kind: 'memory',
    fullPath: () => current,
    navigate(to) {
      const next = withSlash(to);
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    // The standalone console at that place: what "open in a new tab" should show.
    href: (path) => `${home}#${withSlash(path)}`,
  };
}

let active: ConsoleLocation = hashLocation;

/** The location of the console on this page (one console per page; the hash one by default). */
export function activeLocation(): ConsoleLocation {
  return active;
}

/** Pass null to go back to the hash. */
export function setActiveLocation(location: ConsoleLocation | null): void {
  active = location ?? hashLocation;
}
