import { useEffect, useState } from 'react'
import { Router } from 'wouter'
import { BOOTSTRAP_ID } from '../bootstrap.ts'
import { earlyAnswersSettled } from '../engine/early.ts'
import { runGuard, type GuardResult } from '../guard.ts'
import { isConsoleLocation } from '../navigation.ts'
import { normalizePath, sendPageCallsEarly } from '../routes.ts'
import { watchDevice } from '../stores/app.ts'
import { ConfirmHost } from './ConfirmHost.tsx'
import { hashPath, hashSearch, navigateHash, useConsoleLocation, useConsoleSearch } from './hash-location.ts'
import { RouteView } from './RouteView.tsx'
import { Toasts } from './Toasts.tsx'
import { Spinner } from './Spinner.tsx'

/** Console paths usable without a session: the guard would send the visitor away from them. */
export const PUBLIC_PATHS = ['/login']

export interface ConsoleAppProps {
  /** True when the console is the whole page (/ui/): it then sets the title and favicon. */
  ownsPage?: boolean
}

type GuardState = 'pending' | 'done' | 'redirect'

/** What the console does once the guard has settled: the state it shows next. */
function settle(result: GuardResult, path: string): GuardState {
  if (result.status === 'redirect') return 'redirect'
  if (result.status === 'first-login' && result.path) navigateHash(result.path, { replace: true })
  // The server works on the page's first calls while the shell renders.
  else sendPageCallsEarly(path, hashSearch())
  return 'done'
}

interface EarlyGuard {
  ownsPage: boolean
  settled: Promise<GuardState>
  state?: GuardState
}

let early: EarlyGuard | null = null
/** The longest the first render waits for the page's early answers (a slow server still gets the shell soon). */
const FIRST_ANSWERS_WAIT_MS = 250

/**
 * The standalone page served with its bootstrap data (the whole page, no attributes) runs the guard
 * as soon as the console's code has run, before React's first render: with the data in the page the
 * guard needs no call, so the page's first calls leave at once and the first render is the shell,
 * not a spinner (src/core/README.md "First load", rule 3). A microtask: the entry module sets the
 * route table after this module has run.
 */
function startGuardEarly(): void {
  if (typeof document === 'undefined' || !document.getElementById(BOOTSTRAP_ID) || !isConsoleLocation()) return
  if (!document.querySelector('bastion-console:not([lang]):not([api-base])')) return
  const path = hashPath()
  if (PUBLIC_PATHS.includes(normalizePath(path))) return
  const guard: EarlyGuard = {
    ownsPage: true,
    settled: runGuard({ path, ownsPage: true }).then(async (result) => {
      const state = settle(result, path)
      // The page's first answers usually come back while the browser is still busy with the console's
      // code: drawing shell and rows in one render saves a second render and layout of the whole page.
      if (state === 'done') await earlyAnswersSettled(FIRST_ANSWERS_WAIT_MS)
      return state
    }),
  }
  void guard.settled.then((state) => { guard.state = state })
  early = guard
}
queueMicrotask(startGuardEarly)

/** The early guard for a console that owns the page, once (a later mount runs its own). */
function takeEarlyGuard(ownsPage: boolean): EarlyGuard | null {
  const found = early?.ownsPage === ownsPage ? early : null
  early = null
  return found
}

export function ConsoleApp({ ownsPage = false }: ConsoleAppProps) {
  const [claimed] = useState(() => takeEarlyGuard(ownsPage))
  const [state, setState] = useState<GuardState>(claimed?.state ?? 'pending')

  useEffect(() => watchDevice(), [])

  useEffect(() => {
    let alive = true
    if (claimed) {
      if (!claimed.state) void claimed.settled.then((next) => { if (alive) setState(next) })
      return () => {
        alive = false
      }
    }
    const path = hashPath()
    if (PUBLIC_PATHS.includes(normalizePath(path))) {
      setState('done')
      return
    }
    void runGuard({ path, ownsPage }).then((result) => {
      if (alive) setState(settle(result, path))
    })
    return () => {
      alive = false
    }
  }, [ownsPage, claimed])

  return (
    <>
      {state === 'done' ? (
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
      <ConfirmHost />
    </>
  )
}
