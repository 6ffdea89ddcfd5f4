import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { Router } from 'wouter';
import { BOOTSTRAP_ID } from '../bootstrap.ts';
import { $restart, $signInRequired, claimPage, joinHostPage } from '../embedding.ts';
import { earlyAnswersSettled } from '../engine/early.ts';
import { runGuard, type GuardResult } from '../guard.ts';
import { activeLocation, hashLocation, memoryLocation, setActiveLocation, type ConsoleLocation } from '../location.ts';
import { isConsoleLocation } from '../navigation.ts';
import { normalizePath, sendPageCallsEarly } from '../routes.ts';
import { watchDevice } from '../stores/app.ts';
import { $visitedViews } from '../stores/tags.ts';
import { ConfirmHost } from './ConfirmHost.tsx';
import { DialogHost } from './DialogHost.tsx';
import { hashPath, hashSearch, navigateHash, useConsoleLocation, useConsoleSearch } from './hash-location.ts';
import { useHostEvents } from './host-console-events.ts';
import { RouteView } from './RouteView.tsx';
import { SignInNotice } from './SignInNotice.tsx';
import { Toasts } from './Toasts.tsx';
import { Spinner } from './Spinner.tsx';

/** Console paths usable without a session: the guard would send the visitor away from them. */
export const PUBLIC_PATHS = ['/login'];

export interface ConsoleAppProps {
  /** True when the console is the whole page (/ui/): it then sets the title and favicon. */
  ownsPage?: boolean;
  /**
   * `hash` (default): the route lives in the address hash and the console may move the page (login,
   * reload after an org switch). `memory`: embedded in a host page, it keeps its route in memory, stays
   * in its box and tells the host by events instead of navigating (embedding.ts).
   */
  router?: 'hash' | 'memory';
  /** The route to show (memory router): the first page, and where it goes when this changes. */
  path?: string;
}

type GuardState = 'pending' | 'done' | 'redirect';

/** What the console does once the guard has settled: the state it shows next. */
function settle(result: GuardResult, path: string): GuardState {
  if (result.status === 'redirect') return 'redirect';
  if (result.status === 'first-login' && result.path) navigateHash(result.path, { replace: true });
  // The server works on the page's first calls while the shell renders.
  else sendPageCallsEarly(path, hashSearch());
  return 'done';
}

interface EarlyGuard {
  ownsPage: boolean;
  settled: Promise<GuardState>;
  state?: GuardState;
}

let early: EarlyGuard | null = null;
/** The longest the first render waits for the page's early answers (a slow server still gets the shell soon). */
const FIRST_ANSWERS_WAIT_MS = 250;

/**
 * The standalone page served with its bootstrap data (the whole page, no attributes) runs the guard
 * as soon as the console's code has run, before React's first render: with the data in the page the
 * guard needs no call, so the page's first calls leave at once and the first render is the shell,
 * not a spinner (src/core/README.md "First load", rule 3). A microtask: the entry module sets the
 * route table after this module has run.
 */
function startGuardEarly(): void {
  if (typeof document === 'undefined' || !document.getElementById(BOOTSTRAP_ID) || !isConsoleLocation()) return;
  if (!document.querySelector('bastion-console:not([lang]):not([api-base]):not([router=memory])')) return;
  const path = hashPath();
  if (PUBLIC_PATHS.includes(normalizePath(path))) return;
  const guard: EarlyGuard = {
    ownsPage: true,
    settled: runGuard({ path, ownsPage: true }).then(async (result) => {
      const state = settle(result, path);
      // The page's first answers usually come back while the browser is still busy with the console's
      // code: drawing shell and rows in one render saves a second render and layout of the whole page.
      if (state === 'done') await earlyAnswersSettled(FIRST_ANSWERS_WAIT_MS);
      return state;
    }),
  };
  void guard.settled.then((state) => {
    guard.state = state;
  });
  early = guard;
}
queueMicrotask(startGuardEarly);

/** The early guard for a console that owns the page, once (a later mount runs its own). */
function takeEarlyGuard(ownsPage: boolean): EarlyGuard | null {
  const found = early?.ownsPage === ownsPage ? early : null;
  early = null;
  return found;
}

/** The console's location, active before any page reads it (children read the route while rendering). */
function useLocationOf(router: 'hash' | 'memory', path: string | undefined): ConsoleLocation {
  const [location] = useState(() => (router === 'memory' ? memoryLocation(path || '/') : hashLocation));
  if (activeLocation() !== location) setActiveLocation(location);
  useLayoutEffect(() => {
    setActiveLocation(location);
    // A memory console is a guest of the host page; a hash console is the page (embedding.ts).
    const release = location.kind === 'memory' ? joinHostPage() : claimPage();
    return () => {
      release();
      if (activeLocation() === location) setActiveLocation(null);
    };
  }, [location]);
  useEffect(() => {
    if (path && location.kind === 'memory' && path !== location.fullPath()) location.navigate(path);
  }, [path, location]);
  return location;
}

/**
 * In memory routing a link to a console page (`href="#/users/users/<id>"`, drawn by pages for the
 * standalone console) must open it in the console, not write the host page's hash.
 */
function followInApp(location: ConsoleLocation, event: MouseEvent): void {
  const native = event.nativeEvent;
  if (location.kind !== 'memory' || native.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = native.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  const href = anchor?.getAttribute('href');
  if (!anchor || !href?.startsWith('#/') || anchor.target) return;
  event.preventDefault();
  location.navigate(href.slice(1));
}

export function ConsoleApp({ ownsPage = false, router = 'hash', path }: ConsoleAppProps) {
  const [claimed] = useState(() => takeEarlyGuard(ownsPage));
  const [state, setState] = useState<GuardState>(claimed?.state ?? 'pending');
  const root = useRef<HTMLDivElement>(null);
  const location = useLocationOf(router, path);
  const embedded = location.kind === 'memory';
  const signIn = useStore($signInRequired);
  const restart = useStore($restart);
  // The guard runs again in place after an embedded org or page switch (embedding.ts restartInPlace).
  const [round, setRound] = useState(0);
  const handled = useRef(restart);
  useEffect(() => {
    if (!embedded || !restart || restart === handled.current) return;
    handled.current = restart;
    $visitedViews.set([]);
    location.navigate(restart.path);
    setState('pending');
    setRound((n) => n + 1);
  }, [embedded, restart, location]);
  useHostEvents(root, location, embedded ? restart : null);

  useEffect(() => watchDevice(), []);

  useEffect(() => {
    let alive = true;
    if (claimed && round === 0) {
      // Always through the promise: a guard that settled between the first render (which read
      // `claimed.state` while it was still unset) and this effect would otherwise leave the spinner up.
      if (!claimed.state)
        void claimed.settled.then((next) => {
          if (alive) setState(next);
        });
      return () => {
        alive = false;
      };
    }
    const path = hashPath();
    if (PUBLIC_PATHS.includes(normalizePath(path))) {
      setState('done');
      return;
    }
    void runGuard({ path, ownsPage }).then((result) => {
      if (alive) setState(settle(result, path));
    });
    return () => {
      alive = false;
    };
  }, [ownsPage, claimed, round]);

  const askSignIn = embedded && signIn !== null;
  return (
    <div
      ref={root}
      className={embedded ? 'console-root contained' : 'console-root'}
      onClick={(event) => followInApp(location, event)}
    >
      {askSignIn ? (
        <SignInNotice />
      ) : state === 'done' ? (
        <Router hook={useConsoleLocation} searchHook={useConsoleSearch} hrefs={useConsoleLocation.hrefs}>
          <RouteView ownsPage={ownsPage} />
        </Router>
      ) : (
        // While checking the session, and while the browser leaves for the login page.
        <div className="console-loading">
          <Spinner />
        </div>
      )}
      <Toasts />
      <DialogHost />
      <ConfirmHost />
    </div>
  );
}
