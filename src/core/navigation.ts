import { LOGIN_PATH, UI_BASE } from './config.ts';
import { activeLocation } from './location.ts';

// Full-page navigations go through these two functions so tests can intercept them: a test page
// that really navigated away would end the test run.
type Navigator = (url: string) => void;
type Reloader = (url?: string) => void;

const defaultNavigator: Navigator = (url) => {
  window.location.href = url;
};
const defaultReloader: Reloader = (url) => {
  // A hash-only change of location.href would not reload, so rewrite the address, then reload.
  if (url) window.history.replaceState(null, '', url);
  window.location.reload();
};

let navigator: Navigator = defaultNavigator;
let reloader: Reloader = defaultReloader;

export function hardNavigate(url: string): void {
  navigator(url);
}

/** Reloads the page, first moving the address to `url` when given. */
export function reloadPage(url?: string): void {
  reloader(url);
}

/** Pass null to restore the real navigation. */
export function setHardNavigator(fn: Navigator | null): void {
  navigator = fn ?? defaultNavigator;
}

export function setReloader(fn: Reloader | null): void {
  reloader = fn ?? defaultReloader;
}

/** True when the page is the standalone console rather than a host page embedding elements. */
export function isConsoleLocation(): boolean {
  const path = window.location.pathname;
  return path === UI_BASE.slice(0, -1) || path.startsWith(UI_BASE);
}

/** The console's route with its query, e.g. `/users/users/?search=a` (location.ts: hash or memory). */
export function currentFullPath(): string {
  return activeLocation().fullPath();
}

export function uiUrl(path: string): string {
  return `${UI_BASE}#${path.startsWith('/') ? path : `/${path}`}`;
}

/** The login page, told to come back to where the user is now. */
export function loginUrl(): string {
  const here = window.location.pathname + window.location.hash;
  return `${LOGIN_PATH}?next=${encodeURIComponent(here)}`;
}

/**
 * `next` for a login form at `loginOrigin`: a path of this page when the form is on this origin (the
 * server accepts only paths there, it drops a full URL as a possible open redirect), else the full URL.
 */
export function nextFor(url: string, loginOrigin: string = window.location.origin): string {
  const target = new URL(url, window.location.href);
  return target.origin === loginOrigin ? target.pathname + target.search + target.hash : target.href;
}
