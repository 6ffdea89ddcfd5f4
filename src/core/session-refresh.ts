import { SESSION_REFRESH_MS } from './config.ts';

// The server session expires after a day of silence (SESSION_COOKIE_AGE); a profile GET refreshes
// it. The timer restarts on every non-profile response, so an idle console keeps its session only
// while it is open.
let timer: ReturnType<typeof setTimeout> | undefined;

export function armSessionRefresh(refresh: () => void): void {
  stopSessionRefresh();
  timer = setTimeout(() => {
    timer = undefined;
    refresh();
  }, SESSION_REFRESH_MS);
}

export function stopSessionRefresh(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

export function isSessionRefreshArmed(): boolean {
  return timer !== undefined;
}
